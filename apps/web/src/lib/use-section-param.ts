import { useListParams } from './use-list-params';

const SECTION = ['section'] as const;

/**
 * The section of an exam's audience a list of its students is narrowed to, kept in the address
 * (?section=…) beside its search and page; '' for every section.
 */
export function useSectionParam(): [string, (section: string) => void] {
  const [{ section }, setValues] = useListParams(SECTION);
  return [section, (next) => setValues({ section: next })];
}
