import { DEFAULT_INSTITUTION_SETTINGS, EMAIL_SETTINGS } from '@examiq/contracts';
import { validExamPayload, validStudentPayload } from '@examiq/contracts/test-support';
import { type APIRequestContext, expect, type Locator, test } from '@playwright/test';
import { expectAccessibleAtBothWidths, WIDTHS } from './support/accessibility';
import { admin } from './support/accounts';
import { fillStudentForm } from './support/person-form';
import { adminCreator, apiSignIn, logout, readDefaultPassword, signIn } from './support/session';
import { createSitting, localDate, SITTING_PASSWORD, submitBlank } from './support/sittings';

/** The batch of this file's sitting: years no other spec uses (see support/wizard.ts). */
const BATCH_START_YEAR = 2022;

/** Every other spec of the run expects the spec's rules and every message on. */
async function resetSettings(request: APIRequestContext, headers: Record<string, string>) {
  const reset = await request.put('/api/admin/settings', {
    headers,
    data: DEFAULT_INSTITUTION_SETTINGS,
  });
  expect(reset.status()).toBe(200);
}

test("an admin raises the longest exam's duration, counts the absent as 0, and the wizard holds exams to it", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const headers = { authorization: `Bearer ${tokens.accessToken}` };
  const duration = page.getByLabel('Duration (minutes)');
  try {
    await signIn(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin$/);

    // The spec's maximum and its message while nothing was changed.
    await page.goto('/admin/exam/create-exam');
    await expect(page.getByText('Up to 150 minutes')).toBeVisible();
    await duration.fill('151');
    await duration.blur();
    await expect(page.getByText('Duration cannot exceed 2.5 hours (150 minutes)')).toBeVisible();

    await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const maximum = page.getByLabel('Maximum exam duration (minutes)');
    const absentAsZero = page.getByRole('checkbox', { name: 'Count absent students as 0 marks' });
    await expect(maximum).toHaveValue('150');
    await expect(
      page.getByText('No setting was changed yet: every rule is the default.'),
    ).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('settings-desktop.png') });
    await page.setViewportSize(WIDTHS.phone);
    await page.screenshot({ path: test.info().outputPath('settings-phone.png'), fullPage: true });
    await page.setViewportSize(WIDTHS.desktop);
    await expectAccessibleAtBothWidths(page, 'Settings');

    await maximum.fill('601');
    await maximum.blur();
    await expect(page.getByText('Maximum exam duration cannot exceed 600 minutes')).toBeVisible();
    await expect(maximum).toHaveAttribute('aria-invalid', 'true');
    await expectAccessibleAtBothWidths(page, 'Settings with an error');
    await maximum.fill('180');
    await expect(absentAsZero).not.toBeChecked();
    await absentAsZero.check();
    await expectAccessibleAtBothWidths(page, 'Settings counting the absent as 0');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await expect(page.getByText(new RegExp(`^Last saved .* by ${admin.email}\\.$`))).toBeVisible();
    await page.reload();
    await expect(maximum).toHaveValue('180');
    await expect(absentAsZero).toBeChecked();

    // The wizard now allows three hours and names that limit.
    await page.goto('/admin/exam/create-exam');
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(page.getByText('Up to 180 minutes')).toBeVisible();
    await duration.fill('180');
    await duration.blur();
    await expect(page.getByText(/Duration cannot exceed/)).toHaveCount(0);
    await duration.fill('181');
    await duration.blur();
    await expect(page.getByText('Duration cannot exceed 3 hours (180 minutes)')).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'Wizard with a raised maximum duration');

    // The change is on the record.
    await page.goto('/admin/audit?action=settings.update');
    const entry = page
      .getByRole('table', { name: 'Audit log' })
      .getByRole('row')
      .filter({ hasText: 'Changed 2 settings' });
    await expect(entry.first()).toContainText('Institution settings changed');
    await expect(entry.first()).toContainText(admin.email);
  } finally {
    // Every other spec of the run expects the spec's rules.
    const reset = await request.put('/api/admin/settings', {
      headers,
      data: DEFAULT_INSTITUTION_SETTINGS,
    });
    expect(reset.status()).toBe(200);
  }
});

/** The value a detail page shows for a term of one of its sections. */
function detailValue(section: Locator, term: string): Locator {
  return section
    .locator('dt', { hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

test("an admin lets some student fields be left out, creates a student without them, and the record reads 'Not provided'", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const headers = { authorization: `Bearer ${tokens.accessToken}` };
  // Years and names of this test only: other specs create their own records meanwhile.
  const create = await adminCreator(request);
  const batch = await create('create-batch', { startYear: 2040, endYear: 2044 });
  const course = await create('create-course', {
    batchId: batch._id,
    name: 'B.Com',
    fullName: 'Bachelor of Commerce',
    totalSemesters: 6,
    durationYears: 3,
    courseType: 'UG',
  });
  const branch = await create('create-branch', {
    courseId: course._id,
    name: 'Accounting',
    code: 'ACC',
  });
  await create('create-section', { branchId: branch._id, name: 'D', capacity: 40 });
  const student = validStudentPayload({
    email: 'ravi.kumar@examiq.test',
    rollNumber: 'ACC-40-003',
    course: '',
    branch: '',
    section: '',
    batch: '2040-2044',
  });

  try {
    await signIn(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin/settings');
    const forStudents = page.getByRole('group', { name: 'Required for students' });
    const religion = forStudents.getByRole('checkbox', { name: 'Religion', exact: true });
    await expect(religion).toBeChecked();
    await expect(
      page.getByText(/Name, email, roll number or employee ID.* are always required\./),
    ).toBeVisible();
    // From the keyboard, as any checkbox.
    await religion.focus();
    await page.keyboard.press('Space');
    await expect(religion).not.toBeChecked();
    await forStudents.getByRole('checkbox', { name: 'Photo URL' }).uncheck();
    await forStudents.getByRole('checkbox', { name: "Father's email" }).uncheck();
    await page.screenshot({
      path: test.info().outputPath('required-fields-desktop.png'),
      fullPage: true,
    });
    await page.setViewportSize(WIDTHS.phone);
    await page.screenshot({
      path: test.info().outputPath('required-fields-phone.png'),
      fullPage: true,
    });
    await page.setViewportSize(WIDTHS.desktop);
    await expectAccessibleAtBothWidths(page, 'Settings with fields left optional');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();

    await page.goto('/admin/student/create-student');
    const personal = page.getByRole('region', { name: 'Personal Information' });
    await expect(personal.getByLabel('Religion')).toHaveAccessibleDescription('Optional');
    await expect(personal.getByLabel('Nationality')).not.toHaveAccessibleDescription('Optional');
    await fillStudentForm(page, student, {
      firstName: 'Ravi',
      lastName: 'Kumar',
      placement: {
        batch: '2040-2044',
        course: 'Bachelor of Commerce',
        branch: 'Accounting (ACC)',
        section: 'Section D',
      },
      leaveOut: ['personalInfo.religion', 'personalInfo.photo', 'familyInfo.father.email'],
    });
    await page.screenshot({
      path: test.info().outputPath('create-student-optional.png'),
      fullPage: true,
    });
    await expectAccessibleAtBothWidths(page, 'Create student with optional fields');
    await page.getByRole('button', { name: 'Create Student' }).click();
    await expect(page.getByText('Student created successfully')).toBeVisible();
    await readDefaultPassword(page);

    const found = await request.get(
      `/api/admin/get-all-student?search=${encodeURIComponent(student.rollNumber)}`,
      { headers },
    );
    const [created] = (await found.json()).data.students;
    await page.goto(`/admin/student/${created._id}`);
    await expect(page.getByRole('heading', { name: 'Ravi Kumar' })).toBeVisible();
    const details = page.getByRole('region', { name: 'Personal Information' });
    await expect(detailValue(details, 'Religion')).toHaveText('Not provided');
    await expect(detailValue(details, 'Nationality')).toHaveText(student.personalInfo.nationality);
    await expect(detailValue(page.getByRole('region', { name: 'Father' }), 'Email')).toHaveText(
      'Not provided',
    );
    await page.screenshot({
      path: test.info().outputPath('student-not-provided.png'),
      fullPage: true,
    });
    await expectAccessibleAtBothWidths(page, "Student detail with 'Not provided'");
  } finally {
    // Every other spec of the run expects the spec's rules: every field required.
    const reset = await request.put('/api/admin/settings', {
      headers,
      data: DEFAULT_INSTITUTION_SETTINGS,
    });
    expect(reset.status()).toBe(200);
  }
});

/** One page of the outbox through the API, as the admin reads it: the newest messages first. */
async function outbox(request: APIRequestContext, headers: Record<string, string>) {
  const response = await request.get('/api/admin/get-outbox', {
    headers,
    params: { page: 1, limit: 100 },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data.messages as { to: string; subject: string }[];
}

// In this file: the first test expects settings nobody saved yet.
test("an admin switches the exam messages and password resets off on the settings page; the sign-in screen has no 'Forgot password?', a switched-off message is not written, and published results are in the outbox", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const headers = { authorization: `Bearer ${tokens.accessToken}` };
  // Before any switch moves: an exam its one student sat (its results are published below), and
  // what a second exam of the same section is made of.
  const sitting = await createSitting(request, 'switches', { batchStartYear: BATCH_START_YEAR });
  await submitBlank(request, sitting.email, sitting.examId);
  const found = await request.get(`/api/admin/get-exam/${sitting.examId}`, { headers });
  expect(found.status(), await found.text()).toBe(200);
  const { batchId, courseId, branchId, sectionIds } = (await found.json()).data.exam;
  const unannounced = `${sitting.title} (unannounced)`;
  try {
    await signIn(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin/settings');
    const email = page.getByRole('region', { name: 'Email' });
    const toggleOf = (key: keyof typeof EMAIL_SETTINGS) =>
      email.getByRole('checkbox', { name: EMAIL_SETTINGS[key] });
    for (const label of Object.values(EMAIL_SETTINGS)) {
      await expect(email.getByRole('checkbox', { name: label })).toBeChecked();
    }
    // Invitations stay on: other specs of the run invite people meanwhile.
    const switches = (
      [
        'passwordResetEmails',
        'examScheduledEmails',
        'examReminderEmails',
        'resultsPublishedEmails',
      ] as const
    ).map(toggleOf);
    await expectAccessibleAtBothWidths(page, 'Settings with the email switches');
    await email.scrollIntoViewIfNeeded();
    for (const [width, size] of Object.entries(WIDTHS)) {
      await page.setViewportSize(size);
      await email.screenshot({ path: test.info().outputPath(`settings-email-${width}.png`) });
    }
    await page.setViewportSize(WIDTHS.desktop);

    for (const toggle of switches) await toggle.uncheck();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await page.reload();
    for (const toggle of switches) await expect(toggle).not.toBeChecked();
    const saved = await request.get('/api/admin/settings', { headers });
    expect((await saved.json()).data.settings).toMatchObject({
      invitationEmails: true,
      passwordResetEmails: false,
      examScheduledEmails: false,
      examReminderEmails: false,
      resultsPublishedEmails: false,
    });

    // Someone signed out, on the sign-in screen, is offered no reset link.
    const signedOut = await browser.newContext();
    try {
      const signInScreen = await signedOut.newPage();
      const config = signInScreen.waitForResponse((response) =>
        response.url().endsWith('/api/public-config'),
      );
      await signInScreen.goto('/login');
      expect((await (await config).json()).data.passwordResetEmails).toBe(false);
      await expect(signInScreen.getByRole('button', { name: 'Login' })).toBeVisible();
      await expect(signInScreen.getByRole('link', { name: 'Forgot password?' })).toHaveCount(0);
    } finally {
      await signedOut.close();
    }

    // Password resets back on at once (other specs of the run ask for links), and only the
    // announcement of a scheduled exam stays off.
    await toggleOf('passwordResetEmails').check();
    await toggleOf('examReminderEmails').check();
    await toggleOf('resultsPublishedEmails').check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    const config = await request.get('/api/public-config');
    expect((await config.json()).data.passwordResetEmails).toBe(true);

    // A second exam is published for the student: not announced. The results of the first are
    // published after it. Exam messages are written by one job at a time, oldest first (the
    // job's concurrency is 1), so once the results message is in the outbox, the announcement's
    // turn has passed: written, it would be there too.
    const created = await request.post('/api/admin/create-exam', {
      headers,
      data: {
        ...validExamPayload({ batchId, courseId, branchId, sectionIds, examStatus: 'PUBLISH' }),
        examTitle: unannounced,
        scheduleDetails: {
          startDate: localDate(new Date()),
          endDate: localDate(new Date(Date.now() + 86_400_000)),
          bufferTime: { beforeExam: 0, afterExam: 0 },
        },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const published = await request.post(`/api/admin/publish-results/${sitting.examId}`, {
      headers,
    });
    expect(published.status(), await published.text()).toBe(200);
    const theirs = async () =>
      (await outbox(request, headers))
        .filter((message) => message.to === sitting.email)
        .map((message) => message.subject);
    await expect
      .poll(
        async () =>
          (await theirs()).some((subject) =>
            subject.startsWith(`Results published: ${sitting.title} · `),
          ),
        { timeout: 30_000 },
      )
      .toBe(true);
    // The rest of the run expects every message on.
    await resetSettings(request, headers);
    expect(
      (await theirs()).filter((subject) => subject.startsWith(`Exam scheduled: ${unannounced}`)),
    ).toEqual([]);

    // The student's results message as the admin reads it in the outbox, with its link.
    await page.goto('/admin/outbox');
    const message = page
      .getByRole('row')
      .filter({ hasText: sitting.email })
      .filter({ hasText: `Results published: ${sitting.title}` });
    await expect(message).toHaveCount(1);
    await message.getByText(`Results published: ${sitting.title}`).click();
    await expect(message).toContainText(`/student/result/${sitting.examId}`);
  } finally {
    await resetSettings(request, headers);
  }
});

// Here, after the switches' test in this file's one worker: the switches are the institution's,
// and one switched off elsewhere would keep this announcement from being written.
test('a published exam is announced in the outbox, and a student turns their reminders off', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const sitting = await createSitting(request, 'emails');

  // Publishing wrote the announcement in the background; without SMTP_URL it is kept.
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(async () => {
    await page.goto('/admin/outbox');
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: sitting.email })
        .filter({ hasText: `Exam scheduled: ${sitting.title}` }),
    ).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await logout(page);

  await signIn(page, sitting.email, SITTING_PASSWORD);
  await expect(page).toHaveURL(/\/student$/);
  const menu = page.getByRole('button', { name: `${sitting.email}: account menu` });
  await menu.click();
  await page.getByRole('button', { name: 'Email reminders' }).click();
  const dialog = page.getByRole('dialog', { name: 'Email reminders' });
  const reminders = dialog.getByRole('checkbox', { name: 'Email me reminders before my exams' });
  await expect(reminders).toBeChecked();
  await expectAccessibleAtBothWidths(page, 'Email reminders');
  for (const [width, size] of Object.entries(WIDTHS)) {
    await page.setViewportSize(size);
    await page.screenshot({ path: test.info().outputPath(`email-reminders-${width}.png`) });
  }
  await page.setViewportSize(WIDTHS.desktop);
  // From the keyboard, as any checkbox.
  await reminders.focus();
  await page.keyboard.press('Space');
  await expect(reminders).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Email preferences saved')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(menu).toBeFocused();

  await page.reload();
  await menu.click();
  await page.getByRole('button', { name: 'Email reminders' }).click();
  await expect(reminders).not.toBeChecked();
});
