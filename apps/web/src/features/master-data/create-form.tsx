import { CreateBatchForm } from './create-batch-form';
import { CreateBranchForm } from './create-branch-form';
import { CreateCourseForm } from './create-course-form';
import type { CreateFormProps } from './create-form-parts';
import { CreateSectionForm } from './create-section-form';

interface CreateFormSwitchProps extends CreateFormProps {
  /** 'batch', 'course', 'branch' or 'section'; any other value is reported, not guessed at. */
  formType: string;
}

/** The body of the Master Data page's create modal, chosen by form type. */
export function CreateForm({ formType, ...props }: CreateFormSwitchProps) {
  switch (formType) {
    case 'batch':
      return <CreateBatchForm {...props} />;
    case 'course':
      return <CreateCourseForm {...props} />;
    case 'branch':
      return <CreateBranchForm {...props} />;
    case 'section':
      return <CreateSectionForm {...props} />;
    default:
      return <p className="py-6 text-center text-sm text-slate-600">Unknown form type</p>;
  }
}
