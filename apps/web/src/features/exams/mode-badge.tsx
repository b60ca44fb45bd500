import { EXAM_MODE_LABELS, type ExamMode } from '@examiq/contracts';
import { Badge, type BadgeTone } from '@/components/badge';

const MODE_TONES: Record<ExamMode, BadgeTone> = { AUTO: 'sky', PROCTORING: 'violet' };

export function ModeBadge({ mode }: { mode: ExamMode }) {
  return <Badge tone={MODE_TONES[mode]}>{EXAM_MODE_LABELS[mode]}</Badge>;
}
