import type { AnchorHTMLAttributes, Ref } from 'react';
import { useHref, useLinkClickHandler, type To } from './router';

export interface RouterLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path of the app (absolute or relative to the route); never an address of another site (use a plain `<a>`). */
  to: To;
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * A link to a page of the app, for MUI's `component` prop: the `<a href>` of `to` under the app's base, and a plain
 * left click (no modifier key, no other target) navigates inside the app like react-router's `Link`. Without
 * `Link` itself, whose prefetching, view transitions and route discovery (framework mode, which the app does not
 * use) were on every page (`src/routing/RouterLink.test.tsx`; docs/perf-list-and-bundles.md, stop 26). Unlike
 * `Link` it takes no `state`, `relative`, `preventScrollReset`, `reloadDocument` or `viewTransition`, and no external
 * address: the app's links need none of them.
 */
export function RouterLink({ to, replace, target, onClick, ref, ...rest }: RouterLinkProps) {
  const href = useHref(to);
  const navigateOnClick = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target });
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigateOnClick(event);
      }}
    />
  );
}
