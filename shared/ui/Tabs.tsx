import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useStyles } from '../element/use-styles';
import tabsStyles from './tabs.css?inline';

export interface TabItem {
  id: string;
  label: ReactNode;
  /** Rendered only while the tab is active. */
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  /** Names the tab list, e.g. 'Profile sections'. */
  label: string;
  items: TabItem[];
  /** Controlled active tab id; leave out (with `defaultValue`) to let Tabs keep it. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (id: string) => void;
  className?: string;
}

/**
 * WAI-ARIA tabs with automatic activation: Left/Right move and activate (wrapping, skipping disabled
 * tabs), Home/End go to the ends; only the active tab is in the Tab order.
 */
export function Tabs({ label, items, value, defaultValue, onValueChange, className }: TabsProps) {
  useStyles(tabsStyles);
  const baseId = useId();
  const [own, setOwn] = useState(defaultValue ?? items.find((item) => !item.disabled)?.id);
  const active = value ?? own;
  const listRef = useRef<HTMLDivElement>(null);

  const select = (id: string) => {
    if (value === undefined) setOwn(id);
    onValueChange?.(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const enabled = items.filter((item) => !item.disabled);
    const at = enabled.findIndex((item) => item.id === active);
    const target = {
      ArrowRight: enabled[(at + 1) % enabled.length],
      ArrowLeft: enabled[(at - 1 + enabled.length) % enabled.length],
      Home: enabled[0],
      End: enabled[enabled.length - 1],
    }[event.key];
    if (!target) return;
    event.preventDefault();
    select(target.id);
    listRef.current?.querySelector<HTMLElement>(`[data-tab="${CSS.escape(target.id)}"]`)?.focus();
  };

  return (
    <div className={className ? `ui-tabs ${className}` : 'ui-tabs'} part="tabs">
      <div
        ref={listRef}
        className="ui-tabs__list"
        part="tab-list"
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
      >
        {items.map((item) => {
          const selected = item.id === active;
          return (
            <button
              key={item.id}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.id}`}
              className="ui-tabs__tab"
              part="tab"
              data-tab={item.id}
              data-state={selected ? 'active' : 'inactive'}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${item.id}`}
              tabIndex={selected ? 0 : -1}
              disabled={item.disabled}
              onClick={() => select(item.id)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => {
        const selected = item.id === active;
        return (
          <div
            key={item.id}
            role="tabpanel"
            id={`${baseId}-panel-${item.id}`}
            className="ui-tabs__panel"
            part="tab-panel"
            aria-labelledby={`${baseId}-tab-${item.id}`}
            data-state={selected ? 'active' : 'inactive'}
            hidden={!selected}
            tabIndex={selected ? 0 : undefined}
          >
            {selected && item.content}
          </div>
        );
      })}
    </div>
  );
}
