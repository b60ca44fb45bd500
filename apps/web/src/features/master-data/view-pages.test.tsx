import type { Branch, Course, Section } from '@examiq/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import type { ApiRequest } from '@/lib/api-client';
import { cascadeLookups, fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { ids, makeBatch, makeBranch, makeCourse, makeSection } from '@/test/master-data-fixtures';
import ViewBatchPage from './view-batch-page';
import ViewBranchPage from './view-branch-page';
import ViewCoursePage from './view-course-page';
import ViewSectionPage from './view-section-page';

const views: Array<{
  page: ReactElement;
  path: string;
  heading: string;
  empty: [string, string];
  loadFailed: string;
}> = [
  {
    page: <ViewBatchPage />,
    path: '/admin/get-batches',
    heading: 'All Batches',
    empty: ['No batches found', 'Start by adding your first batch'],
    loadFailed: 'Failed to load batches',
  },
  {
    page: <ViewCoursePage />,
    path: '/admin/get-courses',
    heading: 'All Courses',
    empty: ['No courses found', 'Start by adding your first course'],
    loadFailed: 'Failed to load courses',
  },
  {
    page: <ViewBranchPage />,
    path: '/admin/get-branches',
    heading: 'All Branches',
    empty: ['No branches found', 'Start by adding your first branch'],
    loadFailed: 'Failed to load branches',
  },
  {
    page: <ViewSectionPage />,
    path: '/admin/get-sections',
    heading: 'All Sections',
    empty: ['No sections found', 'Start by adding your first section'],
    loadFailed: 'Failed to load sections',
  },
];

function renderView(page: ReactElement, search = '') {
  return renderPage(
    page,
    '/admin/data/view',
    [{ path: '/admin/data', element: <p>Master</p> }],
    `/admin/data/view${search}`,
  );
}

// The lists' records, as they come with their parents and path.
const batchRef = { _id: ids.batch1, name: '2024-2028' };

function courseItem(overrides: Partial<Course> = {}) {
  const course = makeCourse(overrides);
  return { ...course, batch: batchRef, path: `${course.name} · 2024-2028` };
}

function branchItem(overrides: Partial<Branch> = {}) {
  const branch = makeBranch(overrides);
  return {
    ...branch,
    batch: batchRef,
    course: { _id: ids.course1, name: 'B.Tech' },
    path: `${branch.code} · B.Tech · 2024-2028`,
  };
}

function sectionItem(overrides: Partial<Section> = {}) {
  const section = makeSection(overrides);
  return {
    ...section,
    batch: batchRef,
    course: { _id: ids.course1, name: 'B.Tech' },
    branch: { _id: ids.branch1, name: 'Computer Science', code: 'CSE' },
    path: `Section ${section.name} · CSE · B.Tech · 2024-2028`,
  };
}

describe.each(views)('$heading', ({ page, path, heading, empty, loadFailed }) => {
  it('shows skeletons while loading, then the empty state', async () => {
    let answer: (value: { status: number; data: unknown }) => void = () => {};
    const requests = fakeAdminApi({
      ...cascadeLookups(),
      [`GET ${path}`]: () => new Promise((resolve) => (answer = resolve)),
    });
    renderView(page);

    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton-card').length).toBeGreaterThan(0);
    await waitFor(() => expect(requests.filter((request) => request.url === path)).toHaveLength(1));
    answer(ok([]));

    expect(await screen.findByText(empty[0])).toBeInTheDocument();
    expect(screen.getByText(empty[1])).toBeInTheDocument();
    expect(screen.queryByTestId('skeleton-card')).not.toBeInTheDocument();
  });

  it('goes back to Master Data', async () => {
    fakeAdminApi({ ...cascadeLookups(), [`GET ${path}`]: ok([]) });
    const { router } = renderView(page);

    await userEvent.click(screen.getByRole('link', { name: 'Back to Master Data' }));

    expect(router.state.location.pathname).toBe('/admin/data');
  });

  it('toasts and says so when the list cannot be loaded, and can try again', async () => {
    const error = vi.spyOn(toast, 'error');
    let healthy = false;
    fakeAdminApi({
      ...cascadeLookups(),
      [`GET ${path}`]: () => (healthy ? ok([]) : { status: 200, data: { success: false } }),
    });
    renderView(page);

    await waitFor(() => expect(error).toHaveBeenCalledWith(loadFailed));
    expect(screen.getByText(loadFailed)).toBeInTheDocument();
    healthy = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(empty[0])).toBeInTheDocument();
  });
});

function record(name: string) {
  return screen.getByRole('article', { name });
}

describe('view cards', () => {
  it('shows each batch by name', async () => {
    fakeAdminApi({ 'GET /admin/get-batches': ok([makeBatch()]) });
    renderView(<ViewBatchPage />);

    const batch = await screen.findByRole('article', { name: '2024-2028' });
    expect(within(batch).getByText('4 years')).toBeInTheDocument();
  });

  it('shows a course with its path, full name, type label, duration and semesters', async () => {
    fakeAdminApi({
      ...cascadeLookups(),
      'GET /admin/get-courses': ok([
        courseItem(),
        courseItem({
          _id: 'c2',
          name: 'MPhil',
          fullName: 'Master of Philosophy',
          courseType: 'MPhil',
          durationYears: 1.5,
          totalSemesters: 3,
          status: 'Inactive',
        }),
      ]),
    });
    renderView(<ViewCoursePage />);

    const btech = await screen.findByRole('article', { name: 'B.Tech' });
    expect(within(btech).getByText('Bachelor of Technology')).toBeInTheDocument();
    expect(within(btech).getByText('B.Tech · 2024-2028')).toBeInTheDocument();
    expect(within(btech).getByText('Course Type').nextSibling).toHaveTextContent('Undergraduate');
    expect(within(btech).getByText('Duration').nextSibling).toHaveTextContent('4 years');
    expect(within(btech).getByText('Semesters').nextSibling).toHaveTextContent('8');
    expect(within(btech).getByText('Active')).toHaveClass('bg-green-50', 'text-green-700');

    const mphil = record('MPhil');
    expect(within(mphil).getByText('M.Phil')).toBeInTheDocument();
    expect(within(mphil).getByText('1.5 years')).toBeInTheDocument();
    expect(within(mphil).getByText('Inactive')).toHaveClass('bg-red-50', 'text-red-700');
  });

  it('shows a branch with its path, code and status', async () => {
    fakeAdminApi({
      ...cascadeLookups(),
      'GET /admin/get-branches': ok([
        branchItem(),
        branchItem({ _id: 'b2', name: 'Mechanical', code: 'ME', status: 'Suspended' }),
      ]),
    });
    renderView(<ViewBranchPage />);

    const cse = await screen.findByRole('article', { name: 'Computer Science' });
    expect(within(cse).getByText('CSE')).toBeInTheDocument();
    expect(within(cse).getByText('CSE · B.Tech · 2024-2028')).toBeInTheDocument();
    expect(within(cse).getByText('Active')).toHaveClass('bg-green-50');
    expect(within(record('Mechanical')).getByText('Suspended')).toHaveClass('bg-red-50');
  });

  it('shows a section by name with its path and its capacity in students', async () => {
    fakeAdminApi({
      ...cascadeLookups(),
      'GET /admin/get-sections': ok([
        sectionItem(),
        sectionItem({ _id: 's2', name: 'B', capacity: 1, status: 'Closed' }),
      ]),
    });
    renderView(<ViewSectionPage />);

    const sectionA = await screen.findByRole('article', { name: 'Section A' });
    expect(within(sectionA).getByText('Section A · CSE · B.Tech · 2024-2028')).toBeInTheDocument();
    expect(within(sectionA).getByText('Max Capacity').nextSibling).toHaveTextContent('60 students');
    expect(within(sectionA).getByText('Active')).toHaveClass('bg-green-50');
    const sectionB = record('Section B');
    expect(within(sectionB).getByText('1 student')).toBeInTheDocument();
    expect(within(sectionB).getByText('Closed')).toHaveClass('bg-red-50');
  });
});

describe('filtering by parent', () => {
  /** The filters of each call to the list, in order. */
  function listCalls(requests: ApiRequest[], path: string) {
    return requests.filter((request) => request.url === path).map((request) => request.params);
  }

  const lookups = cascadeLookups({ secondCourse: { fullName: 'Master of Technology' } });

  /** Picks a parent once its options have loaded. */
  async function choose(filters: HTMLElement, label: string, option: string) {
    const dropdown = within(filters).getByLabelText(label);
    await within(dropdown).findByRole('option', { name: option });
    await userEvent.selectOptions(dropdown, option);
  }

  it('narrows the sections to a batch, a course, then a branch, kept in the address', async () => {
    const requests = fakeAdminApi({
      ...lookups,
      'GET /admin/get-sections': (request) =>
        ok(
          request.params?.branchId
            ? [sectionItem()]
            : [sectionItem(), sectionItem({ _id: 's2', name: 'B' })],
        ),
    });
    const { router } = renderView(<ViewSectionPage />);
    expect(await screen.findByRole('article', { name: 'Section B' })).toBeInTheDocument();
    const filters = screen.getByRole('group', { name: 'Filter sections' });
    expect(within(filters).getByLabelText('Course')).toBeDisabled();
    expect(within(filters).getByLabelText('Branch')).toBeDisabled();

    await choose(filters, 'Batch', '2024-2028');
    await choose(filters, 'Course', 'Bachelor of Technology');
    await choose(filters, 'Branch', 'Computer Science (CSE)');

    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Section B' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: 'Section A' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(
      `?batchId=${ids.batch1}&courseId=${ids.course1}&branchId=${ids.branch1}`,
    );
    expect(listCalls(requests, '/admin/get-sections')).toEqual([
      {},
      { batchId: ids.batch1 },
      { batchId: ids.batch1, courseId: ids.course1 },
      { batchId: ids.batch1, courseId: ids.course1, branchId: ids.branch1 },
    ]);
  });

  it('opens on the filters of its address, and a new batch empties the levels under it', async () => {
    const requests = fakeAdminApi({ ...cascadeLookups(), 'GET /admin/get-sections': ok([]) });
    const { router } = renderView(
      <ViewSectionPage />,
      `?batchId=${ids.batch1}&courseId=${ids.course1}&branchId=${ids.branch1}`,
    );

    expect(await screen.findByText('No sections found')).toBeInTheDocument();
    expect(
      screen.getByText('Nothing here is under the batch, course or branch chosen.'),
    ).toBeInTheDocument();
    expect(listCalls(requests, '/admin/get-sections')).toEqual([
      { batchId: ids.batch1, courseId: ids.course1, branchId: ids.branch1 },
    ]);
    const filters = screen.getByRole('group', { name: 'Filter sections' });
    await waitFor(() => expect(within(filters).getByLabelText('Branch')).toHaveValue(ids.branch1));

    await choose(filters, 'Batch', '2025-2029');

    expect(router.state.location.search).toBe(`?batchId=${ids.batch2}`);
    expect(within(filters).getByLabelText('Branch')).toBeDisabled();
    await waitFor(() =>
      expect(listCalls(requests, '/admin/get-sections').at(-1)).toEqual({ batchId: ids.batch2 }),
    );
  });

  it('offers the batch on the courses, leaving out filters it does not offer', async () => {
    const requests = fakeAdminApi({
      ...cascadeLookups(),
      'GET /admin/get-courses': ok([courseItem()]),
    });
    renderView(<ViewCoursePage />, `?batchId=${ids.batch1}&courseId=${ids.course1}`);

    await screen.findByRole('article', { name: 'B.Tech' });
    const filters = screen.getByRole('group', { name: 'Filter courses' });
    expect(within(filters).getAllByRole('combobox')).toEqual([
      within(filters).getByLabelText('Batch'),
    ]);
    expect(listCalls(requests, '/admin/get-courses')).toEqual([{ batchId: ids.batch1 }]);
  });

  it('offers the batch and the course on the branches', async () => {
    const requests = fakeAdminApi({
      ...lookups,
      'GET /admin/get-branches': ok([branchItem()]),
    });
    renderView(<ViewBranchPage />);
    await screen.findByRole('article', { name: 'Computer Science' });
    const filters = screen.getByRole('group', { name: 'Filter branches' });
    expect(within(filters).queryByLabelText('Branch')).not.toBeInTheDocument();

    await choose(filters, 'Batch', '2024-2028');
    await choose(filters, 'Course', 'Master of Technology');

    await waitFor(() =>
      expect(listCalls(requests, '/admin/get-branches').at(-1)).toEqual({
        batchId: ids.batch1,
        courseId: ids.course2,
      }),
    );
  });

  it('has no filters on the batches, which have no parent', async () => {
    fakeAdminApi({ 'GET /admin/get-batches': ok([makeBatch()]) });
    renderView(<ViewBatchPage />);
    await screen.findByRole('article', { name: '2024-2028' });
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });
});
