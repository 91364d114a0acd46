/**
 * Portable stories as tests: every story of stories/ is rendered with the project's preview (providers, fake
 * client, memory router) and its `play` is run.
 */
import { render } from '@testing-library/react';
import { composeStories, setProjectAnnotations, type composeStory } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import preview from '../.storybook/preview';

setProjectAnnotations(preview);

type StoryModule = Parameters<typeof composeStories>[0];
type ComposedStory = ReturnType<typeof composeStory>;
const modules = import.meta.glob<StoryModule>('./**/*.stories.tsx', { eager: true });

describe.each(Object.entries(modules))('%s', (_file, module) => {
  const stories = Object.entries(composeStories(module) as Record<string, ComposedStory>);

  it.each(stories)('%s', async (_name, Story) => {
    const { container } = render(<Story />);
    if (Story.play) await Story.play({ canvasElement: container });
    // a story without a play must at least show something
    else expect(container.textContent?.trim() ?? '').not.toBe('');
  });
});
