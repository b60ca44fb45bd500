import type { AudienceSection } from '@examiq/contracts';
import { Dropdown } from './dropdown';

interface AudienceSectionFilterProps {
  sections: readonly AudienceSection[];
  /** The chosen section's id; '' for every section. */
  value: string;
  onChange: (sectionId: string) => void;
}

/**
 * Narrows a list of an exam's students to one section of its audience ('ECE · A'). An exam of one
 * section has nothing to narrow, so it shows no filter.
 */
export function AudienceSectionFilter({ sections, value, onChange }: AudienceSectionFilterProps) {
  if (sections.length < 2 && value === '') return null;
  return (
    <Dropdown
      // Not 'Section': an exam's own parts are sections too.
      label="Student section"
      placeholder="All sections"
      options={sections.map((section) => ({ value: section._id, label: section.label }))}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className="mb-4 w-full sm:max-w-xs"
    />
  );
}
