import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { makeFaculty } from '@/test/people-fixtures';
import FacultyDetailPage from './faculty-detail-page';

type Answer = { status: number; data: unknown };

const faculty = makeFaculty();

function renderDetail(answer: Answer | (() => Promise<Answer>)) {
  const requests = fakeAdminApi({
    [`GET /admin/get-faculty/${faculty._id}`]: typeof answer === 'function' ? answer : () => answer,
  });
  renderPage(<FacultyDetailPage />, '/admin/faculty/:id', [], `/admin/faculty/${faculty._id}`);
  return requests;
}

function section(name: string) {
  return screen.getByRole('region', { name });
}

function detailValue(scope: HTMLElement, term: string) {
  return within(scope).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('FacultyDetailPage', () => {
  it('shows a skeleton, then the profile card and sections with readable values', async () => {
    let answer: (value: Answer) => void = () => {};
    const requests = renderDetail(() => new Promise((resolve) => (answer = resolve)));
    expect(screen.getByTestId('detail-skeleton')).toBeInTheDocument();
    await waitFor(() => expect(requests).toHaveLength(1));
    answer(ok({ faculty: [faculty] }));

    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(within(profile).getByRole('heading', { name: 'Vikram Rao' })).toBeInTheDocument();
    expect(within(profile).getByText('Associate Professor')).toBeInTheDocument();
    expect(within(profile).getByText('Computer Science')).toBeInTheDocument();
    expect(detailValue(profile, 'Faculty ID')).toBe('FAC-0001');
    expect(detailValue(profile, 'Employee ID')).toBe('EMP-1042');
    expect(detailValue(profile, 'Joining Date')).toBe('1 Jul 2020');

    const personal = section('Personal Information');
    expect(detailValue(personal, 'Date of Birth')).toBe('3 Nov 1985');
    expect(detailValue(personal, 'Gender')).toBe('Male');
    expect(detailValue(personal, 'Marital Status')).toBe('Married');
    expect(detailValue(section('Professional Information'), 'Total Experience')).toBe('11 years');
    expect(detailValue(section('M.Tech, 2012'), 'Institution')).toBe('IIT Bombay');
    expect(detailValue(section('M.Tech, 2012'), 'Percentage')).toBe('82.5%');
    expect(detailValue(section('VIT Pune'), 'Period')).toBe('1 Jul 2013 – 30 Jun 2018');
    const account = section('Account Information');
    expect(detailValue(account, 'Last Login')).toBe('Never');
    expect(detailValue(account, 'Created')).toMatch(/^1 Jan 2025/);
  });

  it("reads 'Not provided' for every field the institution let be left out", async () => {
    renderDetail(
      ok({
        faculty: [
          makeFaculty({
            personalInfo: { ...faculty.personalInfo, maritalStatus: null, gender: null },
            professionalInfo: {
              ...faculty.professionalInfo,
              department: null,
              designation: null,
              qualification: [
                { degree: 'M.Tech', institution: null, year: null, percentage: null },
              ],
              experience: { ...faculty.professionalInfo.experience, totalYears: null },
            },
          }),
        ],
      }),
    );

    const personal = await screen.findByRole('region', { name: 'Personal Information' });
    expect(detailValue(personal, 'Marital Status')).toBe('Not provided');
    expect(detailValue(personal, 'Gender')).toBe('Not provided');
    const professional = section('Professional Information');
    for (const term of ['Department', 'Designation', 'Total Experience']) {
      expect(detailValue(professional, term)).toBe('Not provided');
    }
    // A qualification without its year is titled by its degree alone.
    expect(detailValue(section('M.Tech'), 'Institution')).toBe('Not provided');
    expect(detailValue(section('M.Tech'), 'Percentage')).toBe('Not provided');
  });

  it('leaves out qualifications and previous experience when there are none', async () => {
    renderDetail(
      ok({
        faculty: [
          makeFaculty({
            userId: { ...faculty.userId, lastLogin: '2025-03-04T09:15:00.000Z' },
            professionalInfo: {
              ...faculty.professionalInfo,
              qualification: [],
              experience: { totalYears: 1, previousInstitutions: [] },
            },
          }),
        ],
      }),
    );

    const account = await screen.findByRole('region', { name: 'Account Information' });
    expect(detailValue(account, 'Last Login')).toMatch(/^4 Mar 2025/);
    expect(detailValue(section('Professional Information'), 'Total Experience')).toBe('1 year');
    expect(
      screen.queryByRole('region', { name: 'Educational Qualifications' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Previous Experience' })).not.toBeInTheDocument();
  });

  it("shows 'Error Loading Faculty' with the server's message", async () => {
    renderDetail({ status: 403, data: { success: false, message: 'Admins only' } });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error Loading Faculty');
    expect(alert).toHaveTextContent('Admins only');
  });

  it.each([
    {
      when: 'the server answers 404',
      answer: { status: 404, data: { success: false, message: 'Faculty member not found' } },
    },
    { when: 'the list comes back empty', answer: ok({ faculty: [] }) },
  ])("shows 'No Faculty Found' when $when", async ({ answer }) => {
    renderDetail(answer);

    expect(await screen.findByRole('heading', { name: 'No Faculty Found' })).toBeInTheDocument();
    expect(
      screen.getByText('The requested faculty member could not be found.'),
    ).toBeInTheDocument();
  });
});
