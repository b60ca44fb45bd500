import { ExamMonitor } from './exam-monitor';
import { useMonitorFeed } from './monitor-data';

export default function ExamMonitorPage() {
  return <ExamMonitor feed={useMonitorFeed()} />;
}
