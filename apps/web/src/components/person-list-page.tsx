import {
  type ExportFormat,
  type Pagination,
  PERSON_STATUSES,
  SEARCH_MAX_LENGTH,
} from '@examiq/contracts';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Plus, Upload } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import toast from 'react-hot-toast';
import { getErrorMessage, getServerMessage } from '@/lib/api-client';
import { fullName } from '@/lib/format';
import type { PersonListQuery } from '@/lib/people/person-api';
import { useListView } from '@/lib/use-list-view';
import { ButtonLink } from './button';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { Dropdown } from './dropdown';
import { ErrorBanner } from './error-banner';
import { ExportButtons } from './export-buttons';
import { PageHeader } from './page-header';
import { PageSizeSelect } from './page-size-select';
import { PersonCell } from './person-cell';
import { RowActions } from './row-actions';
import { SearchBox } from './search-box';
import { SortHeader } from './sort-header';
import { PersonStatusBadge } from './status-badge';
import { Table, type TableColumn } from './table';

/** What every list row has: a student or a faculty member. */
interface ListedPerson {
  _id: string;
  email: string;
  status: string;
  userId: { isActive: boolean };
  personalInfo: { firstName: string; lastName: string; photo: string | null };
}

export type ListView<Filter extends string, Sort extends string> = ReturnType<
  typeof useListView<Filter, Sort>
>;

/** The words and places of one kind's list. */
export interface PersonListTexts {
  title: string;
  description: string;
  /** The create page, relative to the list. */
  createTo: string;
  /** The detail page of a person. */
  detailPath: (id: string) => string;
  searchLabel: string;
  searchPlaceholder: string;
  filtersLegend: string;
  /** The grid of the filters, sized to how many there are. */
  filtersClassName: string;
  /** The table's caption; its footer's noun is the same in lower case. */
  caption: string;
  notLoaded: string;
  noneFound: string;
  noMatch: string;
  firstOne: string;
  loadFailed: string;
  exportFailed: string;
  deleteFailed: string;
  deleteTitle: string;
  /** What else goes with the account, in the delete dialog. */
  deleteConsequence?: string;
  nameWidth: string;
}

interface PersonListPageProps<
  Data,
  Person extends ListedPerson,
  Filter extends string,
  Sort extends string,
> {
  texts: PersonListTexts;
  /** The kind's own filters; every list filters by status too, after them. */
  filters: readonly Filter[];
  sorts: readonly [Sort, ...Sort[]];
  useList: (query: PersonListQuery) => UseQueryResult<Data & { pagination: Pagination }>;
  rowsOf: (data: Data) => Person[];
  useExport: (query: PersonListQuery) => UseMutationResult<void, Error, ExportFormat>;
  useDelete: () => UseMutationResult<{ message: string }, Error, string>;
  /**
   * The kind's own filters, shown before the status. A hook rather than a component, so what its
   * filters look up is asked for after the list, as a page's own calls are.
   */
  useFilters: (view: ListView<Filter | 'status', Sort>, list: UseQueryResult<Data>) => ReactNode;
  /** The kind's columns between the name and the status. */
  columns: (
    sortHeader: (label: string, column: Sort) => ReactNode,
  ) => TableColumn<NoInfer<Person>>[];
}

const STATUS_OPTIONS = PERSON_STATUSES.map((status) => ({ value: status, label: status }));

/**
 * The list of a kind of person: search, filters, sort and page in the address, export, create,
 * import, and deletion behind a confirmation.
 */
export function PersonListPage<
  Data,
  Person extends ListedPerson,
  Filter extends string,
  Sort extends string,
>({
  texts,
  filters,
  sorts,
  useList,
  rowsOf,
  useExport,
  useDelete,
  useFilters,
  columns,
}: PersonListPageProps<Data, Person, Filter, Sort>) {
  const view: ListView<Filter | 'status', Sort> = useListView([...filters, 'status'], sorts);
  const { page, setPage, values } = view;
  // Search and status are names of every list's address, whatever the kind's filters.
  const setValues = view.setValues as (changes: { search?: string; status?: string }) => void;
  const exported = useExport(view.query);
  const exportAs = (format: ExportFormat) =>
    exported.mutate(format, {
      onError: (error) => toast.error(getErrorMessage(error, texts.exportFailed)),
    });
  const list = useList(view.query);
  const kindFilters = useFilters(view, list);
  const sortHeader = (label: string, column: Sort) => (
    <SortHeader
      label={label}
      column={column}
      sort={view.sort}
      order={view.order}
      onSort={view.setSort}
    />
  );
  const filtered =
    [...filters, 'status' as const].some((name) => values[name]) || Boolean(values.search);
  const deletion = useDelete();
  const [target, setTarget] = useState<{ id: string; name: string } | null>(null);
  const rows = list.data ? rowsOf(list.data) : [];

  const tableColumns: TableColumn<Person>[] = [
    {
      key: 'name',
      // Every kind's list sorts by name.
      header: sortHeader('Name', 'name' as Sort),
      width: texts.nameWidth,
      cell: (person) => (
        <PersonCell
          photo={person.personalInfo.photo}
          name={fullName(person.personalInfo)}
          detail={<span className="2xl:hidden">{person.email}</span>}
        />
      ),
    },
    ...columns(sortHeader),
    {
      key: 'status',
      header: 'Status',
      width: '100px',
      cell: (person) => <PersonStatusBadge person={person} />,
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      width: '96px',
      align: 'right',
      cell: (person) => (
        <RowActions
          name={fullName(person.personalInfo)}
          viewTo={texts.detailPath(person._id)}
          onDelete={() => setTarget({ id: person._id, name: fullName(person.personalInfo) })}
        />
      ),
    },
  ];

  const confirmDelete = async () => {
    if (!target) return;
    // Deleting the only row of a later page would leave an empty page behind.
    const stepBack = rows.length === 1 && page > 1;
    try {
      const { message } = await deletion.mutateAsync(target.id);
      toast.success(message);
    } catch (error) {
      toast.error(getServerMessage(error) ?? texts.deleteFailed);
      return;
    }
    setTarget(null);
    if (stepBack) setPage(page - 1);
  };

  return (
    <>
      <PageHeader
        title={texts.title}
        description={texts.description}
        actions={
          <>
            <ButtonLink to="import" variant="secondary">
              <Upload aria-hidden="true" className="size-4" />
              Import
            </ButtonLink>
            <ExportButtons onExport={exportAs} pending={exported.isPending} />
            <ButtonLink to={texts.createTo}>
              <Plus aria-hidden="true" className="size-4" />
              Create
            </ButtonLink>
          </>
        }
      />
      {list.isError && (
        <ErrorBanner
          title={texts.loadFailed}
          message={getServerMessage(list.error)}
          onRetry={() => void list.refetch()}
        />
      )}
      <SearchBox
        label={texts.searchLabel}
        placeholder={texts.searchPlaceholder}
        value={values.search}
        onSearch={(search) => setValues({ search })}
        maxLength={SEARCH_MAX_LENGTH}
      />
      <fieldset className={texts.filtersClassName}>
        <legend className="sr-only">{texts.filtersLegend}</legend>
        {kindFilters}
        <Dropdown
          label="Status"
          placeholder="All"
          options={STATUS_OPTIONS}
          value={values.status}
          onChange={(event) => setValues({ status: event.target.value })}
        />
      </fieldset>
      <Table
        caption={texts.caption}
        columns={tableColumns}
        rows={rows}
        rowKey={(person) => person._id}
        loading={list.isPending}
        emptyTitle={list.isError ? texts.notLoaded : texts.noneFound}
        emptyDescription={
          list.isError ? 'Try again in a moment.' : filtered ? texts.noMatch : texts.firstOne
        }
        label={texts.caption.toLowerCase()}
        pagination={list.data?.pagination}
        pageSize={view.limit}
        onPageChange={setPage}
      />
      <div className="mt-3 flex justify-end">
        <PageSizeSelect value={view.limit} onChange={view.setLimit} />
      </div>
      <ConfirmDeleteDialog
        name={target?.name ?? null}
        title={texts.deleteTitle}
        consequence={texts.deleteConsequence}
        deleting={deletion.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setTarget(null)}
      />
    </>
  );
}
