import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { controlClasses, controlStateClasses } from '@/components/field';
import { cn } from '@/lib/cn';

/** Typing pauses this long before a search is sent: one request per word, not per letter. */
const SEARCH_DEBOUNCE_MS = 300;

interface SearchBoxProps {
  /** Names the box for assistive technology: 'Search students'. */
  label: string;
  placeholder: string;
  /** The search in force (trimmed), e.g. from the address. */
  value: string;
  /** Called with the trimmed text once typing pauses, or at once on Enter. */
  onSearch: (search: string) => void;
  maxLength?: number;
}

/** A search landmark whose box searches as the user types. */
export function SearchBox({ label, placeholder, value, onSearch, maxLength }: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // The search changed under the box (Back, Forward, a link): show what is now searched for.
  // The box's own searches leave its text as typed, trailing spaces included.
  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const send = (next: string) => {
    clearTimeout(timer.current);
    if (next.trim() !== value) onSearch(next.trim());
  };

  return (
    // A landmark in every browser: the <search> element is one only in browsers since 2023.
    // biome-ignore lint/a11y/useSemanticElements: see above
    <form
      role="search"
      className="relative mb-4 w-full sm:max-w-sm"
      onSubmit={(event) => {
        event.preventDefault();
        send(text);
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        id={id}
        type="search"
        value={text}
        placeholder={placeholder}
        maxLength={maxLength}
        autoComplete="off"
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => send(next), SEARCH_DEBOUNCE_MS);
        }}
        className={cn(controlClasses, controlStateClasses(false), 'pl-9')}
      />
    </form>
  );
}
