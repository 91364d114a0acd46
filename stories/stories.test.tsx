/** The stories of stories/ itself (the generic renderers) as tests (support/runStories.tsx). */
import { expect, it } from 'vitest';
import { runStories, type StoryModule } from './support/runStories';

runStories(import.meta.glob<StoryModule>('./*.stories.tsx', { eager: true }));

/** The folders whose stories workflowStories.test.tsx and reviewStories.test.tsx run. */
const RUN_ELSEWHERE = ['ecrf', 'form', 'interchange', 'queries', 'review', 'statistics', 'subjects'];

it('every story file is run by one of the story test files', () => {
  const all = Object.keys(import.meta.glob('./**/*.stories.tsx'));
  const missed = all.filter((path) => {
    const folder = path.split('/').length > 2 ? path.split('/')[1]! : null;
    return folder !== null && !RUN_ELSEWHERE.includes(folder);
  });
  expect(missed).toEqual([]);
});
