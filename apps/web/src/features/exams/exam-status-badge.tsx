import type { ExamStatus } from '@examiq/contracts';
import { Badge, type BadgeTone } from '@/components/badge';

export const EXAM_STATUS_LABELS: Record<ExamStatus, string> = {
  DRAFT: 'Draft',
  PUBLISH: 'Published',
};

const STATUS_TONES: Record<ExamStatus, BadgeTone> = { DRAFT: 'amber', PUBLISH: 'green' };

export function ExamStatusBadge({ status }: { status: ExamStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{EXAM_STATUS_LABELS[status]}</Badge>;
}
