/**
 * The icons at the end of a form row, drawn by the item adornments the record has (renderers/actions/
 * itemAdornments.ts). Their texts are translated and their icon classes defined once per form (drawnAdornments,
 * adornmentsSx); a row draws `<span>`s only (a button around the icon of an adornment that opens a dialog), memoised
 * on the item's state.
 */
import { memo } from 'react';
import type { IntlShape } from '../intl';
import { adornmentIconClass, type ItemAdornment, type ItemState } from '../actions/itemAdornments';
import { iconRule } from './icons';

/** An adornment ready to draw: its icons' classes and translated labels. */
export interface DrawnAdornment {
  id: string;
  icon: ItemAdornment['icon'];
  /** Its icon opens a dialog (a button), else it is a picture. */
  opens: boolean;
  icons: Readonly<Record<string, { className: string; label: string }>>;
}

/** The adornments of a form with their texts in the UI language (once per form and language, not per row). */
export function drawnAdornments(
  adornments: readonly ItemAdornment[],
  intl: IntlShape,
): readonly DrawnAdornment[] {
  return adornments.map((a) => ({
    id: a.id,
    icon: a.icon,
    opens: a.Dialog !== undefined,
    icons: Object.fromEntries(
      Object.entries(a.icons).map(([name, icon]) => [
        name,
        { className: adornmentIconClass(a.id, name), label: intl.formatMessage({ id: icon.labelId }) },
      ]),
    ),
  }));
}

const rulesCache = new WeakMap<readonly ItemAdornment[], Record<string, Record<string, string>>>();

/** The style rules that paint the adornments' icons, for the form's root (computed once per adornment list). */
export function adornmentsSx(adornments: readonly ItemAdornment[]): Record<string, Record<string, string>> {
  let rules = rulesCache.get(adornments);
  if (!rules) {
    rules = {};
    for (const a of adornments) {
      for (const [name, icon] of Object.entries(a.icons)) {
        Object.assign(rules, iconRule(`ecrf-ico-${a.id}-${name}`, icon.path));
      }
    }
    rulesCache.set(adornments, rules);
  }
  return rules;
}

export const ItemAdornments = memo(function ItemAdornments({
  state,
  adornments,
}: {
  state: ItemState | undefined;
  adornments: readonly DrawnAdornment[];
}) {
  return (
    <span className="ecrf-icons">
      {adornments.map((a) => {
        const name = a.icon(state);
        const icon = name === null ? undefined : a.icons[name];
        if (icon && a.opens) {
          // the form's root handles the click (one listener per form, not per row): the row's data-variable says
          // which item
          return (
            <button
              key={a.id}
              type="button"
              className="ecrf-ico-button"
              aria-label={icon.label}
              title={icon.label}
              data-adornment={a.id}
              data-adornment-opens=""
            >
              <span className={icon.className} aria-hidden />
            </button>
          );
        }
        return icon ? (
          <span
            key={a.id}
            className={icon.className}
            role="img"
            aria-label={icon.label}
            title={icon.label}
            data-adornment={a.id}
          />
        ) : null;
      })}
    </span>
  );
});
