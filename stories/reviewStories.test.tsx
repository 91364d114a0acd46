/** The stories of the review, subject and statistics screens as tests (support/runStories.tsx). */
import { runStories, type StoryModule } from './support/runStories';

runStories(
  import.meta.glob<StoryModule>(
    [
      './queries/**/*.stories.tsx',
      './review/**/*.stories.tsx',
      './statistics/**/*.stories.tsx',
      './subjects/**/*.stories.tsx',
    ],
    { eager: true },
  ),
);
