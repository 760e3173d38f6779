import { type KeyboardEvent, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useStyles } from '../element/use-styles';
import fieldStyles from './field.css?inline';
import selectStyles from './select.css?inline';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps {
  options: readonly SelectOption[];
  /** The chosen value; '' or undefined for none. */
  value?: string;
  onChange: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  /** Shown in the list when the typed text matches nothing. */
  noResultsText?: string;
  name?: string;
  className?: string;
  /** Given by Field. */
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
  /** Needed when the Select is not inside a Field. */
  'aria-label'?: string;
}

/** Case- and accent-insensitive, so 'cote' finds 'Côte d'Ivoire'. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The list's greatest height (select.css says the same), and the room below under which it opens upwards. */
const listHeight = { max: 280, min: 160 };

/**
 * Places the list by the input, in viewport coordinates (a popover in the top layer is fixed to the
 * viewport): under the input, or above it when the input sits near the bottom of the view with more room
 * above, where a list opening below the fold could not be reached. Measured once, when the list opens.
 */
function placeBy(input: HTMLElement, popup: HTMLElement): void {
  const box = input.getBoundingClientRect();
  const below = window.innerHeight - box.bottom - 8;
  const above = box.top - 8;
  const upwards = below < listHeight.min && above > below;
  Object.assign(popup.style, {
    left: `${box.left}px`,
    width: `${box.width}px`,
    top: upwards ? 'auto' : `${box.bottom + 4}px`,
    bottom: upwards ? `${window.innerHeight - box.top + 4}px` : 'auto',
    maxHeight: `${upwards ? Math.min(listHeight.max, above) : Math.min(listHeight.max, Math.max(below, listHeight.min))}px`,
  });
}

/**
 * A searchable select (WAI-ARIA combobox with list autocomplete), for long lists such as countries:
 * type to filter, Up/Down to move, Enter to choose, Escape to close. The list is a popover, so it shows
 * in the top layer: neither a modal's scrolling body nor the host page's overflow or stacking hides it.
 * It is a manual popover because focus never leaves the combobox: the input's blur is its light
 * dismiss, and the input's own Escape closes it (an auto popover would also close on a press of the
 * input, which toggles it itself).
 */
export function Select({
  options,
  value,
  onChange,
  placeholder,
  disabled,
  noResultsText = 'No results found',
  name,
  className,
  id,
  ...aria
}: SelectProps) {
  useStyles(fieldStyles, selectStyles);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const selected = options.find((option) => option.value === value);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const popupRef = useRef<HTMLDivElement>(null);

  const shown = useMemo(() => {
    if (!query) return options;
    const needle = fold(query);
    return options.filter((option) => fold(option.label).includes(needle));
  }, [options, query]);
  const active = open ? shown[activeIndex] : undefined;
  const optionId = (index: number) => `${listId}-${index}`;
  // The list is named like its input; the label lives in Field, so it is read from the input's labels.
  const listLabel = (open && inputRef.current?.labels?.[0]?.textContent?.trim()) || aria['aria-label'];

  useLayoutEffect(() => {
    const popup = popupRef.current;
    const input = inputRef.current;
    if (!popup || !input) return;
    const shown = popup.matches(':popover-open');
    if (open && !shown) {
      placeBy(input, popup);
      popup.showPopover();
    } else if (!open && shown) popup.hidePopover();
  }, [open]);

  // Keeps the active option visible while Up/Down move through a long list.
  useLayoutEffect(() => {
    if (!open) return;
    const root = inputRef.current?.getRootNode() as Document | ShadowRoot | undefined;
    root?.getElementById(`${listId}-${activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [open, activeIndex, listId]);

  const openList = (index: number) => {
    setOpen(true);
    setActiveIndex(index);
  };
  const close = () => {
    setOpen(false);
    setQuery(null);
  };
  const choose = (option: SelectOption | undefined) => {
    if (option) onChange(option.value);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = shown.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open)
          openList(
            Math.max(
              0,
              shown.findIndex((option) => option.value === value),
            ),
          );
        else setActiveIndex(Math.min(last, activeIndex + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open)
          openList(
            Math.max(
              0,
              shown.findIndex((option) => option.value === value),
            ),
          );
        else setActiveIndex(Math.max(0, activeIndex - 1));
        break;
      case 'Enter':
        if (!open) return;
        // Choosing inside a form must not submit it.
        event.preventDefault();
        choose(active);
        break;
      case 'Escape':
        if (!open && query === null) return;
        // Consumed here: a surrounding modal must not close with the list.
        event.preventDefault();
        event.stopPropagation();
        close();
        break;
    }
  };

  return (
    <div
      className={className ? `ui-select ${className}` : 'ui-select'}
      part="select"
      data-state={open ? 'open' : 'closed'}
    >
      <input
        ref={inputRef}
        id={id}
        {...aria}
        className="ui-select__input"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={active ? optionId(activeIndex) : undefined}
        placeholder={placeholder}
        disabled={disabled}
        value={query ?? selected?.label ?? ''}
        // onChange fires on every keystroke in React and in preact/compat (the embed build) alike.
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          openList(0);
        }}
        onClick={() =>
          open
            ? close()
            : openList(
                Math.max(
                  0,
                  shown.findIndex((o) => o.value === value),
                ),
              )
        }
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <span className="ui-select__chevron" aria-hidden="true" />
      {name && <input type="hidden" name={name} value={value ?? ''} />}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: only stops the press from taking focus off the input. */}
      <div
        ref={popupRef}
        className="ui-select__popup"
        part="listbox"
        popover="manual"
        // Keeps focus (and the open list) on the input while an option is clicked.
        onMouseDown={(event) => event.preventDefault()}
      >
        <div id={listId} className="ui-select__list" role="listbox" aria-label={listLabel}>
          {open &&
            shown.map((option, index) => (
              // biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useKeyWithClickEvents: focus stays on the combobox (aria-activedescendant), which handles the keys.
              <div
                key={option.value}
                id={optionId(index)}
                role="option"
                className="ui-select__option"
                aria-selected={option.value === value}
                data-state={index === activeIndex ? 'active' : 'inactive'}
                onMouseMove={() => setActiveIndex(index)}
                onClick={() => choose(option)}
              >
                {option.label}
              </div>
            ))}
        </div>
        {open && shown.length === 0 && <p className="ui-select__empty">{noResultsText}</p>}
      </div>
    </div>
  );
}
