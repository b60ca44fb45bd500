import type { ExamStatus } from '@examiq/contracts';
import { Badge, type BadgeTone } from '@/components/badge';

const STATUS_LABELS: Record<ExamStatus, string> = { DRAFT: 'Draft', PUBLISH: 'Published' };

const STATUS_TONES: Record<ExamStatus, BadgeTone> = { DRAFT: 'amber', PUBLISH: 'green' };

export function ExamStatusBadge({ status }: { status: ExamStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}
