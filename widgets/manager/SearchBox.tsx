import { useState } from 'react';
import { Field } from '../../shared/ui';

export interface SearchBoxProps {
  label: string;
  placeholder: string;
  /** Called on every change; the store debounces. */
  onSearch: (text: string) => void;
}

/** A labelled search input; Enter does not submit anything, the list follows the typing. */
export function SearchBox({ label, placeholder, onSearch }: SearchBoxProps) {
  const [text, setText] = useState('');
  return (
    <Field label={label} hideLabel className="manager__search">
      <input
        type="search"
        value={text}
        placeholder={placeholder}
        autoComplete="off"
        maxLength={100}
        onChange={(event) => {
          setText(event.currentTarget.value);
          onSearch(event.currentTarget.value);
        }}
      />
    </Field>
  );
}
