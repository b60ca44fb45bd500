import type { MasterDataCounts } from '@examiq/contracts';
import {
  BookOpen,
  CalendarRange,
  Eye,
  GitBranch,
  type LucideIcon,
  Plus,
  Users,
} from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button, ButtonLink } from '@/components/button';
import { Modal, type ModalSize } from '@/components/modal';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { useMasterDataCounts } from './api/get-master-data-counts';
import { CreateForm } from './create-form';

interface MasterDataCard {
  formType: string;
  title: string;
  description: string;
  countKey: keyof MasterDataCounts;
  viewPath: string;
  icon: LucideIcon;
  modalSize: ModalSize;
}

const cards: readonly MasterDataCard[] = [
  {
    formType: 'batch',
    title: 'Batch',
    description: 'Admission cohorts, named by their start and end year.',
    countKey: 'batches',
    viewPath: '/admin/data/view-batch',
    icon: CalendarRange,
    modalSize: 'md',
  },
  {
    formType: 'course',
    title: 'Course',
    description: 'Programmes a batch studies, with type, duration and semesters.',
    countKey: 'courses',
    viewPath: '/admin/data/view-course',
    icon: BookOpen,
    modalSize: 'lg',
  },
  {
    formType: 'branch',
    title: 'Branch',
    description: 'Specialisations within a course, each with a short code.',
    countKey: 'branches',
    viewPath: '/admin/data/view-branch',
    icon: GitBranch,
    modalSize: 'md',
  },
  {
    formType: 'section',
    title: 'Section',
    description: 'Classes within a branch and how many students each holds.',
    countKey: 'sections',
    viewPath: '/admin/data/view-section',
    icon: Users,
    modalSize: 'md',
  },
];

export default function MasterDataPage() {
  const counts = useMasterDataCounts();
  const [creating, setCreating] = useState<MasterDataCard | null>(null);
  const close = () => setCreating(null);

  return (
    <>
      <PageHeader
        title="Master Data"
        description="The academic structure every student and exam refers to: batches, courses, branches and sections."
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map((card) => (
          <CountCard
            key={card.formType}
            card={card}
            count={counts.data?.[card.countKey]}
            loading={counts.isPending}
            onCreate={() => setCreating(card)}
          />
        ))}
      </div>
      {creating && (
        <Modal open onClose={close} title={`Create ${creating.title}`} size={creating.modalSize}>
          <CreateForm formType={creating.formType} onSuccess={close} onCancel={close} />
        </Modal>
      )}
    </>
  );
}

interface CountCardProps {
  card: MasterDataCard;
  count: number | undefined;
  loading: boolean;
  onCreate: () => void;
}

function CountCard({ card, count, loading, onCreate }: CountCardProps) {
  const titleId = useId();
  const Icon = card.icon;

  let figure: ReactNode = (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">Count unavailable</span>
    </>
  );
  if (loading) {
    figure = (
      <>
        <Skeleton className="h-9 w-14" />
        <span className="sr-only">Loading</span>
      </>
    );
  } else if (count !== undefined) {
    figure = count;
  }

  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {card.title}
        </h2>
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
          <Icon aria-hidden="true" className="size-5" />
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-500">{card.description}</p>
      <dl className="mt-5 mb-6">
        <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Total</dt>
        <dd className="mt-1 flex h-9 items-center text-3xl font-semibold text-slate-900 tabular-nums">
          {figure}
        </dd>
      </dl>
      <div className="mt-auto flex gap-2">
        <Button size="sm" onClick={onCreate}>
          <Plus aria-hidden="true" className="size-4" />
          Create
        </Button>
        <ButtonLink size="sm" variant="secondary" to={card.viewPath}>
          <Eye aria-hidden="true" className="size-4" />
          View
        </ButtonLink>
      </div>
    </section>
  );
}
