import { ATTAINMENT_MESSAGES, BANK_MESSAGES } from '@examiq/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import CourseBankSettingsPage from './course-bank-settings-page';

const COURSE = '10000000-0000-4000-8000-000000000001';
const VIKRAM = '40000000-0000-4000-8000-000000000001';
const MEERA = '40000000-0000-4000-8000-000000000002';

const facultyOption = (userId: string, firstName: string, facultyId: string) => ({
  _id: `${userId.slice(0, -1)}9`,
  facultyId,
  userId: { _id: userId },
  personalInfo: { firstName, lastName: 'Rao' },
  professionalInfo: { department: 'EEE', designation: 'Professor' },
});

function renderSettings(routes: Parameters<typeof fakeAdminApi>[0] = {}) {
  const requests = fakeAdminApi({
    'GET /admin/get-bank-courses': ok({
      courses: [
        { _id: COURSE, name: 'B.Tech', batchName: '2024-2028', roles: ['AUTHOR', 'REVIEWER'] },
      ],
    }),
    [`GET /admin/get-course-outcomes/${COURSE}`]: ok({
      courseId: COURSE,
      outcomes: [{ code: 'CO1', description: 'Apply circuit laws', targetPercent: 60 }],
      levels: { level1: 40, level2: 60, level3: 70 },
    }),
    [`GET /admin/get-bank-access/${COURSE}`]: ok({
      courseId: COURSE,
      authors: [{ _id: VIKRAM, name: 'Vikram Rao', email: 'vikram@examiq.test' }],
      reviewers: [],
      requireReview: false,
    }),
    'GET /admin/get-faculty-options': ok({
      faculty: [
        facultyOption(VIKRAM, 'Vikram', 'FAC-001'),
        facultyOption(MEERA, 'Meera', 'FAC-002'),
      ],
    }),
    ...routes,
  });
  renderPage(
    <CourseBankSettingsPage />,
    '/admin/question-bank/course/:courseId',
    [],
    `/admin/question-bank/course/${COURSE}`,
  );
  return requests;
}

const posted = (requests: { method: string; url: string; data?: unknown }[], url: string) =>
  requests.filter((request) => request.method === 'POST' && request.url === url).at(-1)?.data;

describe('CourseBankSettingsPage', () => {
  it('adds an outcome with the next code and saves the list', async () => {
    const success = vi.spyOn(toast, 'success');
    const requests = renderSettings({
      [`POST /admin/set-course-outcomes/${COURSE}`]: ok({ courseId: COURSE, outcomes: [] }),
    });
    const user = userEvent.setup();
    expect(await screen.findByText(/B\.Tech \(2024-2028\)/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Add outcome' }));
    const descriptions = screen.getAllByRole('textbox', { name: 'Description' });
    expect(screen.getAllByRole('textbox', { name: 'Code' })[1]).toHaveValue('CO2');
    await user.type(descriptions[1] as HTMLElement, 'Analyse networks');
    const level3 = screen.getByRole('spinbutton', { name: 'Level 3 from %' });
    await user.clear(level3);
    await user.type(level3, '75');
    await user.click(screen.getByRole('button', { name: 'Save outcomes' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Course outcomes saved'));
    expect(posted(requests, `/admin/set-course-outcomes/${COURSE}`)).toEqual({
      outcomes: [
        { code: 'CO1', description: 'Apply circuit laws', targetPercent: 60 },
        { code: 'CO2', description: 'Analyse networks', targetPercent: 60 },
      ],
      levels: { level1: 40, level2: 60, level3: 75 },
    });
  });

  it('says what is wrong with an outcome before sending it, in the contract’s words', async () => {
    const requests = renderSettings();
    const user = userEvent.setup();
    const code = (await screen.findAllByRole('textbox', { name: 'Code' }))[0] as HTMLElement;
    await user.clear(code);
    await user.type(code, 'CO01');
    const level1 = screen.getByRole('spinbutton', { name: 'Level 1 from %' });
    await user.clear(level1);
    await user.type(level1, '65');
    await user.click(screen.getByRole('button', { name: 'Save outcomes' }));
    expect(await screen.findByText(BANK_MESSAGES.outcomeCode)).toBeInTheDocument();
    expect(await screen.findByText(ATTAINMENT_MESSAGES.levelsOrder)).toBeInTheDocument();
    expect(posted(requests, `/admin/set-course-outcomes/${COURSE}`)).toBeUndefined();
  });

  it('shows the server’s refusal to remove an outcome a question carries', async () => {
    renderSettings({
      [`POST /admin/set-course-outcomes/${COURSE}`]: {
        status: 400,
        data: {
          success: false,
          message: 'Validation failed',
          errors: { outcomes: BANK_MESSAGES.outcomeInUse('CO1') },
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove CO1' }));
    await user.click(screen.getByRole('button', { name: 'Save outcomes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'CO1 is used by a bank question and cannot be removed',
    );
  });

  it('grants authors and reviewers, showing the server’s field errors under their list', async () => {
    const requests = renderSettings({
      [`POST /admin/set-bank-access/${COURSE}`]: {
        status: 400,
        data: {
          success: false,
          message: 'Validation failed',
          errors: { 'reviewers.0': BANK_MESSAGES.facultyNotFound },
        },
      },
    });
    const user = userEvent.setup();
    const reviewers = await screen.findByRole('group', { name: 'Reviewers' });
    await user.click(await within(reviewers).findByRole('checkbox', { name: /Meera Rao/ }));
    await user.click(screen.getByRole('checkbox', { name: /Require review/ }));
    await user.click(screen.getByRole('button', { name: 'Save access' }));
    expect(await screen.findByText(BANK_MESSAGES.facultyNotFound)).toBeInTheDocument();
    expect(posted(requests, `/admin/set-bank-access/${COURSE}`)).toEqual({
      authors: [VIKRAM],
      reviewers: [MEERA],
      requireReview: true,
    });
  });
});
