import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { makeStudent } from '@/test/people-fixtures';
import StudentDetailPage from './student-detail-page';

type Answer = { status: number; data: unknown };

const student = makeStudent();

function renderDetail(answer: Answer | (() => Promise<Answer>)) {
  const requests = fakeAdminApi({
    [`GET /admin/get-student/${student._id}`]: typeof answer === 'function' ? answer : () => answer,
  });
  renderPage(<StudentDetailPage />, '/admin/student/:id', [], `/admin/student/${student._id}`);
  return requests;
}

function section(name: string) {
  return screen.getByRole('region', { name });
}

function detailValue(scope: HTMLElement, term: string) {
  const dt = within(scope).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
}

describe('StudentDetailPage', () => {
  it('shows a skeleton while the student loads', async () => {
    let answer: (value: Answer) => void = () => {};
    const requests = renderDetail(() => new Promise((resolve) => (answer = resolve)));

    expect(screen.getByTestId('detail-skeleton')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading student details');
    await waitFor(() => expect(requests).toHaveLength(1));
    answer(ok({ students: [student] }));
    expect(await screen.findByRole('heading', { name: 'Asha Patel' })).toBeInTheDocument();
    expect(screen.queryByTestId('detail-skeleton')).not.toBeInTheDocument();
  });

  it('shows the profile card and every section', async () => {
    renderDetail(ok({ students: [student] }));

    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(within(profile).getByText('B.Tech - Computer Science')).toBeInTheDocument();
    expect(within(profile).getByText('Semester 3')).toBeInTheDocument();
    expect(within(profile).getByText('Section A')).toBeInTheDocument();
    expect(within(profile).getByText('Active')).toHaveClass('text-green-700');
    expect(detailValue(profile, 'Student ID')).toBe('STU-0001');
    expect(detailValue(profile, 'Roll Number')).toBe('CSE-24-001');
    expect(detailValue(profile, 'Batch')).toBe('2024-2028');

    expect(detailValue(section('Personal Information'), 'Date of Birth')).toBe('12 Apr 2005');
    expect(detailValue(section('Personal Information'), 'Gender')).toBe('Female');
    expect(detailValue(section('Academic Information'), 'Expected Graduation Year')).toBe('2028');
    expect(detailValue(section('Contact Information'), 'Current Address')).toBe(
      '4 Hostel Lane, Pune, Maharashtra 411001, India',
    );
    const account = section('Account Information');
    expect(detailValue(account, 'User Role')).toBe('student');
    expect(detailValue(account, 'Email Verified')).toBe('No');
    expect(within(section('Guardian')).getByText('Uncle')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Students' })).toHaveAttribute(
      'href',
      '/admin/student',
    );
  });

  it("reads 'Not provided' for missing values and leaves out a guardian without a name", async () => {
    renderDetail(
      ok({
        students: [
          makeStudent({
            status: 'Inactive',
            personalInfo: { ...student.personalInfo, religion: '' },
            familyInfo: { ...student.familyInfo, guardian: null },
          }),
        ],
      }),
    );

    const personal = await screen.findByRole('region', { name: 'Personal Information' });
    expect(detailValue(personal, 'Religion')).toBe('Not provided');
    expect(detailValue(section('Mother'), 'Occupation')).toBe('Not provided');
    expect(screen.queryByRole('region', { name: 'Guardian' })).not.toBeInTheDocument();
    expect(within(section('Profile')).getByText('Inactive')).toHaveClass('text-red-700');
  });

  it("reads 'Not provided' for every field the institution let be left out", async () => {
    renderDetail(
      ok({
        students: [
          makeStudent({
            personalInfo: {
              ...student.personalInfo,
              photo: null,
              dateOfBirth: null,
              gender: null,
              nationality: null,
              religion: null,
            },
            contactInfo: { phone: null, permanentAddress: null, currentAddress: null },
            familyInfo: {
              ...student.familyInfo,
              father: { name: null, occupation: null, phone: null, email: null },
            },
          }),
        ],
      }),
    );

    const personal = await screen.findByRole('region', { name: 'Personal Information' });
    for (const term of ['Date of Birth', 'Gender', 'Nationality', 'Religion']) {
      expect(detailValue(personal, term)).toBe('Not provided');
    }
    const contact = section('Contact Information');
    for (const term of ['Phone', 'Permanent Address', 'Current Address']) {
      expect(detailValue(contact, term)).toBe('Not provided');
    }
    for (const term of ['Name', 'Occupation', 'Phone', 'Email']) {
      expect(detailValue(section('Father'), term)).toBe('Not provided');
    }
  });

  it("shows 'Error Loading Student' with the server's message", async () => {
    renderDetail({ status: 403, data: { success: false, message: 'Admins only' } });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error Loading Student');
    expect(alert).toHaveTextContent('Admins only');
  });

  it("falls back to 'Failed to fetch student details'", async () => {
    renderDetail({ status: 400, data: 'Bad Request' });

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch student details');
  });

  it.each([
    {
      when: 'the server answers 404',
      answer: { status: 404, data: { success: false, message: 'Student not found' } },
    },
    { when: 'the list comes back empty', answer: ok({ students: [] }) },
    {
      when: 'the id in the link is malformed',
      answer: {
        status: 400,
        data: {
          success: false,
          message: 'Please correct the highlighted fields',
          errors: { id: 'The id is not valid' },
        },
      },
    },
  ])("shows 'No Student Found' when $when", async ({ answer }) => {
    renderDetail(answer);

    expect(await screen.findByRole('heading', { name: 'No Student Found' })).toBeInTheDocument();
    expect(screen.getByText('The requested student could not be found.')).toBeInTheDocument();
  });

  it('lists the exams the student sat, with the score once published and links to each', async () => {
    const exam = (id: string, title: string) => ({
      _id: id,
      examId: `EXM-${id}`,
      examTitle: title,
      subject: 'Physics',
      examMode: 'AUTO',
      totalMarks: 20,
    });
    fakeAdminApi({
      [`GET /admin/get-student/${student._id}`]: ok({ students: [student] }),
      [`GET /admin/get-student-exams/${student._id}`]: ok({
        exams: [
          {
            attemptId: 'attempt-2',
            exam: exam('exam-2', 'Optics Quiz'),
            status: 'SUBMITTED',
            startedAt: '2026-11-20T09:00:00.000Z',
            submittedAt: '2026-11-20T09:40:00.000Z',
            resultsPublished: false,
            total: null,
            passed: null,
          },
          {
            attemptId: 'attempt-1',
            exam: exam('exam-1', 'Mechanics Midterm'),
            status: 'SUBMITTED',
            startedAt: '2026-11-10T09:00:00.000Z',
            submittedAt: '2026-11-10T10:00:00.000Z',
            resultsPublished: true,
            total: 14,
            passed: true,
          },
        ],
      }),
    });
    renderPage(<StudentDetailPage />, '/admin/student/:id', [], `/admin/student/${student._id}`);

    const history = await screen.findByRole('table', { name: 'Exam history' });
    await within(history).findByText('Optics Quiz');
    const rows = within(history).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Optics Quiz');
    expect(rows[1]).toHaveTextContent('Not published');
    expect(rows[2]).toHaveTextContent('14 / 20');
    expect(rows[2]).toHaveTextContent('Pass');
    expect(
      within(rows[2] as HTMLElement).getByRole('link', { name: 'Timeline of Mechanics Midterm' }),
    ).toHaveAttribute('href', '/admin/exam/exam-1/attempts/attempt-1/timeline');
    expect(
      within(rows[2] as HTMLElement).getByRole('link', { name: 'Result of Mechanics Midterm' }),
    ).toHaveAttribute('href', `/admin/exam/exam-1/results?search=${student.rollNumber}`);
  });

  it('says so when the student sat no exam', async () => {
    fakeAdminApi({
      [`GET /admin/get-student/${student._id}`]: ok({ students: [student] }),
      [`GET /admin/get-student-exams/${student._id}`]: ok({ exams: [] }),
    });
    renderPage(<StudentDetailPage />, '/admin/student/:id', [], `/admin/student/${student._id}`);

    expect(await screen.findByText('No exams sat yet')).toBeInTheDocument();
  });
});
