import { type Pagination, TABLE_SKELETON_ROWS } from '@examiq/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Table, type TableColumn } from './table';

interface Student {
  id: string;
  name: string;
  rollNumber: string;
}

const columns: TableColumn<Student>[] = [
  { key: 'name', header: 'Name', width: '240px', cell: (row) => row.name },
  { key: 'roll', header: 'Roll Number', width: '160px', cell: (row) => row.rollNumber },
];

const students: Student[] = [
  { id: '1', name: 'Asha Rao', rollNumber: 'CS-001' },
  { id: '2', name: 'Vikram Singh', rollNumber: 'CS-002' },
];

function page(currentPage: number, totalPages: number, totalCount: number): Pagination {
  return {
    currentPage,
    totalPages,
    totalCount,
    hasPreviousPage: currentPage > 1,
    hasNextPage: currentPage < totalPages,
  };
}

function renderTable(props: Partial<Parameters<typeof Table<Student>>[0]> = {}) {
  return render(
    <Table
      caption="Students"
      columns={columns}
      rows={students}
      rowKey={(row) => row.id}
      emptyTitle="No students found"
      emptyDescription="Create the first student to see it here."
      label="students"
      {...props}
    />,
  );
}

describe('Table', () => {
  it('renders headers with fixed column widths and one row per item', () => {
    const { container } = renderTable();

    const table = screen.getByRole('table', { name: 'Students' });
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
    expect(Array.from(container.querySelectorAll('col')).map((col) => col.style.width)).toEqual([
      '240px',
      '160px',
    ]);
    expect(within(table).getAllByRole('row')).toHaveLength(1 + students.length);
    expect(screen.getByRole('cell', { name: 'Vikram Singh' })).toBeInTheDocument();
  });

  it('scrolls inside a tab stop named by its caption, for keyboard users on narrow screens', async () => {
    renderTable();
    await userEvent.tab();
    expect(screen.getByRole('region', { name: 'Students' })).toHaveFocus();
    expect(screen.getByRole('region', { name: 'Students' })).toContainElement(
      screen.getByRole('table', { name: 'Students' }),
    );
  });

  it('shows a wide-only column on wide screens only', () => {
    const { container } = renderTable({
      columns: [
        ...columns,
        { key: 'email', header: 'Email', width: '200px', wideOnly: true, cell: () => 'a@b.c' },
      ],
    });

    expect(container.querySelectorAll('col')[2]).toHaveClass('hidden', '2xl:table-column');
    expect(screen.getByRole('columnheader', { name: 'Email' })).toHaveClass('2xl:table-cell');
    expect(screen.getAllByText('a@b.c')[0]).toHaveClass('hidden', '2xl:table-cell');
  });

  it(`shows exactly ${TABLE_SKELETON_ROWS} skeleton rows while loading`, () => {
    renderTable({ loading: true, pagination: page(1, 3, 25) });

    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(TABLE_SKELETON_ROWS);
    expect(screen.queryByText('Asha Rao')).not.toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText(/of 25 students/)).not.toBeInTheDocument();
  });

  it('shows the empty state with its title and description', () => {
    renderTable({ rows: [] });

    expect(screen.getByText('No students found')).toBeInTheDocument();
    expect(screen.getByText('Create the first student to see it here.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows "X to Y of N label" without paging buttons when everything fits on one page', () => {
    renderTable({ pagination: page(1, 1, 2) });

    expect(screen.getByText('1 to 2 of 2 students')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /previous/i })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Page/)).not.toBeInTheDocument();
  });

  it('pages forward and back when there is more than one page', async () => {
    const onPageChange = vi.fn();
    renderTable({ pagination: page(2, 5, 42), onPageChange });

    expect(screen.getByText('11 to 20 of 42 students')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 5')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));

    expect(onPageChange.mock.calls).toEqual([[3], [1]]);
  });

  it('disables Previous on the first page and Next on the last', () => {
    const { rerender } = renderTable({ pagination: page(1, 5, 42) });
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();

    rerender(
      <Table
        caption="Students"
        columns={columns}
        rows={students}
        rowKey={(row) => row.id}
        emptyTitle="No students found"
        emptyDescription="Create the first student to see it here."
        label="students"
        pagination={page(5, 5, 42)}
      />,
    );
    expect(screen.getByText('41 to 42 of 42 students')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('says a capped count is a floor and keeps Next on its last counted page', async () => {
    const onPageChange = vi.fn();
    renderTable({
      pagination: { ...page(50, 50, 1000), hasNextPage: true, totalCountCapped: true },
      pageSize: 20,
      onPageChange,
    });

    expect(screen.getByText('981 to 1000 of more than 1,000 students')).toBeInTheDocument();
    expect(screen.getByText('Page 50')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange.mock.calls).toEqual([[51]]);
  });
});
