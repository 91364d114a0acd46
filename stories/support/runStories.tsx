/**
 * Portable stories as tests: every story of the given modules is rendered with the project's preview (providers,
 * fake client, memory router) and its `play` is run. The stories are split over a few test files
 * (stories/*.test.tsx) so that the test workers share them.
 */
import { render } from '@testing-library/react';
import { composeStories, setProjectAnnotations, type composeStory } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import preview from '../../.storybook/preview';

setProjectAnnotations(preview);

export type StoryModule = Parameters<typeof composeStories>[0];
type ComposedStory = ReturnType<typeof composeStory>;

export function runStories(modules: Record<string, StoryModule>): void {
  describe.each(Object.entries(modules))('%s', (_file, module) => {
    const stories = Object.entries(composeStories(module) as Record<string, ComposedStory>);

    it.each(stories)('%s', async (_name, Story) => {
      const { container } = render(<Story />);
      if (Story.play) await Story.play({ canvasElement: container });
      // a story without a play must at least show something
      else expect(container.textContent?.trim() ?? '').not.toBe('');
    });
  });
}
