import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { makeBatch, makeBranch, makeCourse, makeSection } from '@/test/master-data-fixtures';
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

function renderView(page: ReactElement) {
  return renderPage(page, '/admin/data/view', [{ path: '/admin/data', element: <p>Master</p> }]);
}

describe.each(views)('$heading', ({ page, path, heading, empty, loadFailed }) => {
  it('shows skeletons while loading, then the empty state', async () => {
    let answer: (value: { status: number; data: unknown }) => void = () => {};
    const requests = fakeAdminApi({
      [`GET ${path}`]: () => new Promise((resolve) => (answer = resolve)),
    });
    renderView(page);

    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton-card').length).toBeGreaterThan(0);
    await waitFor(() => expect(requests).toHaveLength(1));
    answer(ok([]));

    expect(await screen.findByText(empty[0])).toBeInTheDocument();
    expect(screen.getByText(empty[1])).toBeInTheDocument();
    expect(screen.queryByTestId('skeleton-card')).not.toBeInTheDocument();
  });

  it('goes back to Master Data', async () => {
    fakeAdminApi({ [`GET ${path}`]: ok([]) });
    const { router } = renderView(page);

    await userEvent.click(screen.getByRole('link', { name: 'Back to Master Data' }));

    expect(router.state.location.pathname).toBe('/admin/data');
  });

  it('toasts and says so when the list cannot be loaded, and can try again', async () => {
    const error = vi.spyOn(toast, 'error');
    let healthy = false;
    fakeAdminApi({
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

  it('shows a course with its full name, type label, duration and semesters', async () => {
    fakeAdminApi({
      'GET /admin/get-courses': ok([
        makeCourse(),
        makeCourse({
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
    expect(within(btech).getByText('Course Type').nextSibling).toHaveTextContent('Undergraduate');
    expect(within(btech).getByText('Duration').nextSibling).toHaveTextContent('4 years');
    expect(within(btech).getByText('Semesters').nextSibling).toHaveTextContent('8');
    expect(within(btech).getByText('Active')).toHaveClass('bg-green-50', 'text-green-700');

    const mphil = record('MPhil');
    expect(within(mphil).getByText('M.Phil')).toBeInTheDocument();
    expect(within(mphil).getByText('1.5 years')).toBeInTheDocument();
    expect(within(mphil).getByText('Inactive')).toHaveClass('bg-red-50', 'text-red-700');
  });

  it('shows a branch with its code and status', async () => {
    fakeAdminApi({
      'GET /admin/get-branches': ok([
        makeBranch(),
        makeBranch({ _id: 'b2', name: 'Mechanical', code: 'ME', status: 'Suspended' }),
      ]),
    });
    renderView(<ViewBranchPage />);

    const cse = await screen.findByRole('article', { name: 'Computer Science' });
    expect(within(cse).getByText('CSE')).toBeInTheDocument();
    expect(within(cse).getByText('Active')).toHaveClass('bg-green-50');
    expect(within(record('Mechanical')).getByText('Suspended')).toHaveClass('bg-red-50');
  });

  it('shows a section by name with its capacity in students', async () => {
    fakeAdminApi({
      'GET /admin/get-sections': ok([
        makeSection(),
        makeSection({ _id: 's2', name: 'B', capacity: 1, status: 'Closed' }),
      ]),
    });
    renderView(<ViewSectionPage />);

    const sectionA = await screen.findByRole('article', { name: 'Section A' });
    expect(within(sectionA).getByText('Max Capacity').nextSibling).toHaveTextContent('60 students');
    expect(within(sectionA).getByText('Active')).toHaveClass('bg-green-50');
    const sectionB = record('Section B');
    expect(within(sectionB).getByText('1 student')).toBeInTheDocument();
    expect(within(sectionB).getByText('Closed')).toHaveClass('bg-red-50');
  });
});
