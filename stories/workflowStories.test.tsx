/** The stories of the data-entry and interchange screens as tests (support/runStories.tsx). */
import { runStories, type StoryModule } from './support/runStories';

runStories(
  import.meta.glob<StoryModule>(
    ['./ecrf/**/*.stories.tsx', './form/**/*.stories.tsx', './interchange/**/*.stories.tsx'],
    {
      eager: true,
    },
  ),
);
