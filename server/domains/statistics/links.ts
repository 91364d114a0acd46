/** The app pages a to-do links to (the client's routes, spec §2). */
export const PATHS_FOR_TASKS = {
  subjects: '/index/subjects',
} as const;
