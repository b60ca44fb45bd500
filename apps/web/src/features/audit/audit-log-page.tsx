import {
  AUDIT_ACTION_LABELS,
  AUDIT_KIND_LABELS,
  AUDIT_KINDS,
  AUDIT_MESSAGES,
  AUDIT_RECORD_TYPE_LABELS,
  AUDIT_RECORD_TYPES,
  type AuditEntry,
  type AuditRecordType,
  auditActionLabel,
} from '@examiq/contracts';
import { X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { Dropdown } from '@/components/dropdown';
import { ErrorBanner } from '@/components/error-banner';
import { PageHeader } from '@/components/page-header';
import { Table, type TableColumn } from '@/components/table';
import { TextField } from '@/components/text-field';
import { getServerMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { usePageParam } from '@/lib/use-page-param';
import { type AuditFilters, useAuditLog } from './api/get-audit-log';

const FILTER_KEYS = ['kind', 'actor', 'action', 'recordType', 'recordId', 'from', 'to'] as const;

const NO_FILTERS: AuditFilters = {
  kind: '',
  actor: '',
  action: '',
  recordType: '',
  recordId: '',
  from: '',
  to: '',
};

const KIND_OPTIONS = AUDIT_KINDS.map((value) => ({ value, label: AUDIT_KIND_LABELS[value] }));

const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({
  value,
  label,
}));
const RECORD_TYPE_OPTIONS = AUDIT_RECORD_TYPES.map((value) => ({
  value,
  label: AUDIT_RECORD_TYPE_LABELS[value],
}));

/**
 * The filters in force, kept in the address so Back and a shared link show the same entries:
 * each change is a step of the history.
 */
function useAuditFilters(): [AuditFilters, (next: AuditFilters) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = Object.fromEntries(
    FILTER_KEYS.map((key) => [key, searchParams.get(key) ?? '']),
  ) as unknown as AuditFilters;
  const setFilters = (next: AuditFilters) => {
    setSearchParams(() => {
      const params = new URLSearchParams();
      for (const key of FILTER_KEYS) if (next[key]) params.set(key, next[key]);
      return params;
    });
  };
  return [filters, setFilters];
}

function recordTypeLabel(type: string): string {
  return AUDIT_RECORD_TYPE_LABELS[type as AuditRecordType] ?? 'Record';
}

/** A changed value as a person reads it. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(shown).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function isChange(value: unknown): value is { from: unknown; to: unknown } {
  return typeof value === 'object' && value !== null && 'from' in value && 'to' in value;
}

/** What the write changed, field by field, behind a disclosure. */
function ChangesDetail({ changes }: { changes: Record<string, unknown> }) {
  return (
    <details className="mt-1 text-sm">
      <summary className="cursor-pointer rounded font-medium text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600">
        Details
      </summary>
      <dl className="mt-2 space-y-1 rounded-md bg-slate-50 p-2">
        {Object.entries(changes).map(([field, value]) => (
          <div key={field} className="flex flex-wrap gap-x-2">
            <dt className="font-medium wrap-anywhere text-slate-700">{field}</dt>
            <dd className="wrap-anywhere text-slate-600">
              {isChange(value) ? `${shown(value.from)} → ${shown(value.to)}` : shown(value)}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

interface FilterFormProps {
  filters: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}

function FilterForm({ filters, onApply }: FilterFormProps) {
  const [draft, setDraft] = useState(filters);
  const reversed = Boolean(draft.from && draft.to && draft.from > draft.to);
  const set = (key: keyof AuditFilters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reversed) onApply({ ...draft, actor: draft.actor.trim() });
  };

  return (
    <form
      aria-label="Filter the audit log"
      onSubmit={submit}
      className="mb-4 grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-8"
    >
      <Dropdown
        label="Kind"
        placeholder="Everything"
        options={KIND_OPTIONS}
        value={draft.kind}
        onChange={set('kind')}
        className="lg:col-span-2"
      />
      <TextField
        label="Who"
        placeholder="Part of an email"
        value={draft.actor}
        maxLength={254}
        onChange={set('actor')}
        className="lg:col-span-2"
      />
      <Dropdown
        label="What"
        placeholder="Any action"
        options={ACTION_OPTIONS}
        value={draft.action}
        onChange={set('action')}
        className="lg:col-span-2"
      />
      <Dropdown
        label="Record"
        placeholder="Any record"
        options={RECORD_TYPE_OPTIONS}
        value={draft.recordType}
        onChange={set('recordType')}
        className="lg:col-span-2"
      />
      <TextField
        label="From"
        type="date"
        value={draft.from}
        onChange={set('from')}
        className="lg:col-span-2"
      />
      <TextField
        label="To"
        type="date"
        value={draft.to}
        onChange={set('to')}
        error={reversed ? AUDIT_MESSAGES.rangeReversed : undefined}
        className="lg:col-span-2"
      />
      <div className="flex items-end gap-2 lg:col-span-2">
        <Button type="submit">Apply</Button>
        <Button type="button" variant="secondary" onClick={() => onApply(NO_FILTERS)}>
          Clear
        </Button>
      </div>
    </form>
  );
}

export default function AuditLogPage() {
  const [filters, setFilters] = useAuditFilters();
  const [page, setPage] = usePageParam();
  const auditLog = useAuditLog(filters, page);
  const rows = auditLog.data?.entries ?? [];
  const filtered = FILTER_KEYS.some((key) => filters[key]);

  const historyOf = (entry: AuditEntry) =>
    setFilters({ ...filters, recordType: entry.recordType, recordId: entry.recordId });

  const columns: TableColumn<AuditEntry>[] = [
    {
      key: 'at',
      header: 'When',
      width: '110px',
      cell: (entry) => <span className="whitespace-normal">{formatDateTime(entry.at)}</span>,
    },
    {
      key: 'actor',
      header: 'Who',
      width: '180px',
      cell: (entry) => (
        <span className="break-all whitespace-normal">{entry.actor.email || '—'}</span>
      ),
    },
    {
      key: 'action',
      header: 'Action',
      width: '140px',
      cell: (entry) => <span className="whitespace-normal">{auditActionLabel(entry.action)}</span>,
    },
    {
      key: 'record',
      header: 'Record',
      width: '170px',
      cell: (entry) => (
        <div className="whitespace-normal">
          <div className="font-medium wrap-anywhere text-slate-900">{entry.recordLabel}</div>
          <button
            type="button"
            onClick={() => historyOf(entry)}
            aria-label={`History of ${entry.recordLabel}`}
            className="rounded text-sm text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            History
          </button>
        </div>
      ),
    },
    {
      key: 'summary',
      header: 'Summary',
      width: '330px',
      cell: (entry) => (
        <div className="whitespace-normal">
          <p className="wrap-anywhere">{entry.summary}</p>
          {entry.changes && Object.keys(entry.changes).length > 0 && (
            <ChangesDetail changes={entry.changes} />
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Who changed what, and when: every admin write, and every sign-in, sign-out and password change, newest first. Entries cannot be changed or deleted."
      />
      {/* Filters changed under the form (Back, a link, a record's history) start it anew. */}
      <FilterForm
        key={FILTER_KEYS.map((key) => filters[key]).join('\n')}
        filters={filters}
        onApply={setFilters}
      />
      {filters.recordId && (
        <p className="mb-4 flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <span>{`Showing the history of one ${recordTypeLabel(filters.recordType).toLowerCase()}.`}</span>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            onClick={() => setFilters({ ...filters, recordId: '' })}
          >
            <X aria-hidden="true" className="size-4" />
            Show every record
          </Button>
        </p>
      )}
      {auditLog.isError && (
        <ErrorBanner
          title={AUDIT_MESSAGES.fetchFailed}
          message={getServerMessage(auditLog.error)}
          onRetry={() => void auditLog.refetch()}
        />
      )}
      <Table
        caption="Audit log"
        columns={columns}
        rows={rows}
        rowKey={(entry) => entry._id}
        loading={auditLog.isPending}
        emptyTitle={auditLog.isError ? 'The audit log could not be loaded' : 'No entries found'}
        emptyDescription={
          auditLog.isError
            ? 'Try again in a moment.'
            : filtered
              ? 'No entry matches these filters.'
              : 'Admin writes appear here as they happen.'
        }
        label="entries"
        pagination={auditLog.data?.pagination}
        onPageChange={setPage}
      />
    </>
  );
}
