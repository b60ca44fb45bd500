import { PEOPLE_MESSAGES, STUDENT_PROFILE_FIELD_KEYS } from '@examiq/contracts';
import { validStudentPayload } from '@examiq/contracts/test-support';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { cascadeLookups, fakeAdminApi, ok, renderPage, settingsAnswer } from '@/test/admin-api';
import { ids } from '@/test/master-data-fixtures';
import CreateStudentPage from './create-student-page';

type Answer = { status: number; data: unknown };

const payload = validStudentPayload({
  email: 'asha.patel@example.edu',
  rollNumber: 'CSE-24-001',
  course: ids.course1,
  branch: ids.branch1,
  section: ids.section1,
  batch: '2024-2028',
});

async function renderForm(
  create: Answer | (() => Promise<Answer>) = ok({ defaultPassword: 'Xy7#pQ2r' }, 201),
  lookups: Record<string, Answer> = {},
) {
  const requests = fakeAdminApi({
    ...cascadeLookups({ secondCourse: { fullName: 'Master of Technology' } }),
    'POST /admin/create-student': typeof create === 'function' ? create : () => create,
    ...lookups,
  });
  renderPage(<CreateStudentPage />, '/admin/student/create-student');
  // The form is built once the institution's required fields have arrived.
  await screen.findByRole('button', { name: 'Create Student' });
  return requests;
}

function region(name: string) {
  return screen.getByRole('region', { name });
}

function group(name: string) {
  return screen.getByRole('group', { name });
}

function fill(field: HTMLElement, value: string) {
  fireEvent.change(field, { target: { value } });
  fireEvent.blur(field);
}

async function choose(label: string, option: string) {
  const select = within(region('Academic Information')).getByLabelText(label);
  await waitFor(() => expect(select).toBeEnabled());
  await userEvent.selectOptions(select, option);
}

function fillAddress(name: string, address: typeof payload.contactInfo.permanentAddress) {
  const scope = within(group(name));
  fill(scope.getByLabelText('Street'), address.street);
  fill(scope.getByLabelText('City'), address.city);
  fill(scope.getByLabelText('State'), address.state);
  fill(scope.getByLabelText('Zip Code'), address.zipCode);
  fill(scope.getByLabelText('Country'), address.country);
}

function fillRelative(
  name: string,
  relative: { name: string; occupation: string; phone: string; email: string },
) {
  const scope = within(group(name));
  fill(scope.getByLabelText('Name'), relative.name);
  fill(scope.getByLabelText('Occupation'), relative.occupation);
  fill(scope.getByLabelText('Phone'), relative.phone);
  fill(scope.getByLabelText('Email'), relative.email);
}

async function fillForm() {
  const account = within(region('Account Information'));
  fill(account.getByLabelText('Email'), payload.email);
  fill(account.getByLabelText('Roll Number'), payload.rollNumber);

  const personal = within(region('Personal Information'));
  const info = payload.personalInfo;
  fill(personal.getByLabelText('First Name'), info.firstName);
  fill(personal.getByLabelText('Last Name'), info.lastName);
  fill(personal.getByLabelText('Date of Birth'), info.dateOfBirth);
  await userEvent.selectOptions(personal.getByLabelText('Gender'), 'Female');
  fill(personal.getByLabelText('Nationality'), info.nationality);
  fill(personal.getByLabelText('Religion'), info.religion);
  fill(personal.getByLabelText('Photo URL'), info.photo);

  fill(within(region('Contact Information')).getByLabelText('Phone'), payload.contactInfo.phone);
  fillAddress('Permanent Address', payload.contactInfo.permanentAddress);
  fillAddress('Current Address', payload.contactInfo.currentAddress);

  fillRelative('Father', payload.familyInfo.father);
  fillRelative('Mother', payload.familyInfo.mother);
  fillRelative('Guardian', payload.familyInfo.guardian);
  fill(within(group('Guardian')).getByLabelText('Relationship'), 'Uncle');

  await choose('Batch', '2024-2028');
  await choose('Course', 'Bachelor of Technology');
  await choose('Branch', 'Computer Science (CSE)');
  await choose('Section', 'Section A');
  const academic = within(region('Academic Information'));
  fill(academic.getByLabelText('Semester'), '1');
  fill(academic.getByLabelText('Admission Year'), '2024');
  fill(academic.getByLabelText('Expected Graduation Year'), '2028');
}

function submit() {
  return userEvent.click(screen.getByRole('button', { name: 'Create Student' }));
}

function textOf(node: unknown): string {
  const { container, unmount } = render(node as ReactElement);
  const text = container.textContent ?? '';
  unmount();
  return text;
}

describe('CreateStudentPage', () => {
  it('shows a validation message only once the field has been touched', async () => {
    await renderForm();
    const firstName = within(region('Personal Information')).getByLabelText('First Name');

    await userEvent.type(firstName, 'A');
    expect(screen.queryByText('First name must be at least 2 characters')).not.toBeInTheDocument();
    await userEvent.tab();

    expect(screen.getByText('First name must be at least 2 characters')).toBeInTheDocument();
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Last name is required')).not.toBeInTheDocument();
  });

  it('reports every missing field when submitted empty, without calling the server', async () => {
    const requests = await renderForm();
    await submit();

    expect(await screen.findByText('Roll number is required')).toBeInTheDocument();
    expect(screen.getByText('Photo URL is required')).toBeInTheDocument();
    expect(screen.getByText("Father's name is required")).toBeInTheDocument();
    expect(screen.getByText('Batch is required')).toBeInTheDocument();
    expect(screen.getByText('Semester is required')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('keeps each cascade level disabled until its parent is chosen, and clears children on change', async () => {
    await renderForm();
    const academic = within(region('Academic Information'));
    const course = academic.getByLabelText('Course');
    const branch = academic.getByLabelText('Branch');
    const section = academic.getByLabelText('Section');
    expect(course).toBeDisabled();
    expect(branch).toBeDisabled();
    expect(section).toBeDisabled();
    expect(section).toHaveDisplayValue('Select a branch first');

    await choose('Batch', '2024-2028');
    await waitFor(() => expect(course).toBeEnabled());
    expect(branch).toBeDisabled();
    await choose('Course', 'Bachelor of Technology');
    await choose('Branch', 'Computer Science (CSE)');
    await choose('Section', 'Section A');
    expect(section).toHaveValue(ids.section1);

    await choose('Course', 'Master of Technology');
    expect(branch).toHaveValue('');
    expect(section).toHaveValue('');
    expect(section).toBeDisabled();

    await choose('Branch', 'Computer Science (CSE)');
    await choose('Batch', '2025-2029');
    expect(course).toHaveValue('');
    expect(branch).toHaveValue('');
    expect(branch).toBeDisabled();
  });

  it('only logs a failed lookup on this form', async () => {
    const error = vi.spyOn(toast, 'error');
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderForm(undefined, {
      'GET /admin/get-courses-by-batch': {
        status: 404,
        data: { success: false, message: 'Batch not found' },
      },
    });

    await choose('Batch', '2024-2028');

    await waitFor(() =>
      expect(log).toHaveBeenCalledWith('Failed to load courses', expect.anything()),
    );
    expect(error).not.toHaveBeenCalled();
  });

  it('sends the student with the chosen batch name, toasts the default password and resets', async () => {
    const success = vi.spyOn(toast, 'success');
    const requests = await renderForm(ok({ student: {}, defaultPassword: 'Xy7#pQ2r' }, 201));
    await fillForm();
    await submit();

    await waitFor(() => expect(success).toHaveBeenCalledTimes(1));
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.data).toEqual(payload);
    const [message, options] = success.mock.calls[0] ?? [];
    expect(textOf(message)).toBe('Student created successfullyDefault password: Xy7#pQ2r');
    expect(options).toEqual({ duration: 15_000 });
    await waitFor(() =>
      expect(within(region('Account Information')).getByLabelText('Email')).toHaveValue(''),
    );
    expect(within(region('Academic Information')).getByLabelText('Course')).toBeDisabled();
    // The password also stays on screen, in a dialog to copy it from, until it is closed.
    const dialog = screen.getByRole('dialog', { name: 'Student Created' });
    expect(dialog).toHaveTextContent(
      `${payload.personalInfo.firstName} ${payload.personalInfo.lastName}`,
    );
    expect(within(dialog).getByLabelText('Default password')).toHaveValue('Xy7#pQ2r');
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('offers a default password or an emailed invitation, and with an invitation shows no password', async () => {
    const success = vi.spyOn(toast, 'success');
    const requests = await renderForm(ok({ student: {}, defaultPassword: null }, 201));
    const choice = within(region('First Password')).getByRole('group', {
      name: 'First password',
    });
    const byDefault = within(choice).getByRole('radio', { name: /Set a default password/ });
    const byInvitation = within(choice).getByRole('radio', { name: /Email an invitation/ });
    expect(byDefault).toBeChecked();
    // A radio group: the arrow keys move the choice.
    byDefault.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(byInvitation).toBeChecked();
    await fillForm();
    await submit();

    await waitFor(() => expect(success).toHaveBeenCalledTimes(1));
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.data).toEqual({ ...payload, invite: true });
    expect(textOf(success.mock.calls[0]?.[0])).toBe(
      `Student created successfully${PEOPLE_MESSAGES.invitationSent(payload.email)}`,
    );
    const dialog = screen.getByRole('dialog', { name: 'Student Created' });
    expect(dialog).toHaveTextContent(`An invitation was emailed to ${payload.email}`);
    expect(within(dialog).queryByLabelText('Default password')).not.toBeInTheDocument();
  });

  it('offers no invitation, only the default password, while the institution has invitations off', async () => {
    const requests = await renderForm(undefined, {
      'GET /admin/settings': settingsAnswer({ invitationEmails: false }),
    });
    expect(screen.queryByRole('region', { name: 'First Password' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Email an invitation/ })).not.toBeInTheDocument();
    await fillForm();
    await submit();
    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    expect(requests.find((request) => request.method === 'POST')?.data).toEqual(payload);
    expect(await screen.findByRole('dialog', { name: 'Student Created' })).toBeInTheDocument();
  });

  it.each([
    {
      invitationEmails: true,
      ending: 'to change at first sign-in, or an emailed invitation to set one.',
    },
    { invitationEmails: false, ending: 'to change at first sign-in.' },
  ])(
    'names the emailed invitation in its intro only while invitations are on (on: $invitationEmails)',
    async ({ invitationEmails, ending }) => {
      await renderForm(undefined, { 'GET /admin/settings': settingsAnswer({ invitationEmails }) });
      expect(
        screen.getByText(
          `Register a student with personal, contact, family and academic details. The student receives a default password ${ending}`,
        ),
      ).toBeInTheDocument();
    },
  );

  it('copies the permanent address when the current address is the same', async () => {
    const requests = await renderForm();
    await fillForm();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Same as permanent address' }));
    expect(screen.queryByRole('group', { name: 'Current Address' })).not.toBeInTheDocument();
    await submit();

    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    const post = requests.find((request) => request.method === 'POST');
    const sent = post?.data as typeof payload;
    expect(sent.contactInfo.currentAddress).toEqual(payload.contactInfo.permanentAddress);
  });

  it('shows a spinner on the submit button while the student is created', async () => {
    let answer: (value: Answer) => void = () => {};
    await renderForm(() => new Promise((resolve) => (answer = resolve)));
    await fillForm();
    await submit();

    const button = screen.getByRole('button', { name: 'Create Student' });
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toBeDisabled();
    answer(ok({ defaultPassword: 'x' }, 201));
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('puts the server field errors (dotted paths) under their nested fields', async () => {
    const error = vi.spyOn(toast, 'error');
    await renderForm({
      status: 400,
      data: {
        success: false,
        message: 'Please correct the highlighted fields',
        errors: {
          'personalInfo.firstName': 'First name is not allowed',
          'familyInfo.guardian.email': 'Guardian email bounced',
          'contactInfo.currentAddress.zipCode': 'Unknown zip code',
        },
      },
    });
    await fillForm();
    await submit();

    expect(await screen.findByText('First name is not allowed')).toBeInTheDocument();
    expect(within(region('Personal Information')).getByLabelText('First Name')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(within(group('Guardian')).getByLabelText('Email')).toHaveAccessibleDescription(
      'Guardian email bounced',
    );
    expect(within(group('Current Address')).getByLabelText('Zip Code')).toHaveAccessibleDescription(
      'Unknown zip code',
    );
    expect(error).toHaveBeenCalledWith('Please correct the highlighted fields');
    expect(within(region('Account Information')).getByLabelText('Email')).toHaveValue(
      payload.email,
    );
  });

  it.each([
    {
      failure: 'a conflict',
      answer: {
        status: 409,
        data: { success: false, message: 'A user with this email already exists' },
      },
      toast: 'A user with this email already exists',
    },
    {
      failure: 'an answer without a message',
      answer: { status: 502, data: 'Bad Gateway' },
      toast: 'Failed to create student',
    },
    {
      failure: 'a success of an unexpected shape',
      answer: ok({ student: {} }, 201),
      toast: 'An unexpected error occurred',
    },
  ])('toasts $toast after $failure', async ({ answer, toast: text }) => {
    const error = vi.spyOn(toast, 'error');
    await renderForm(answer);
    await fillForm();
    await submit();

    await waitFor(() => expect(error).toHaveBeenCalledWith(text));
  });

  it('marks the fields the institution does not require as optional and sends them as left', async () => {
    const notRequired = ['personalInfo.religion', 'familyInfo.father.email'];
    const requests = await renderForm(undefined, {
      'GET /admin/settings': settingsAnswer({
        requiredStudentFields: STUDENT_PROFILE_FIELD_KEYS.filter(
          (key) => !notRequired.includes(key),
        ),
      }),
    });
    const religion = within(region('Personal Information')).getByLabelText('Religion');
    expect(religion).toHaveAccessibleDescription('Optional');
    expect(within(group('Father')).getByLabelText('Email')).toHaveAccessibleDescription('Optional');
    expect(
      within(region('Personal Information')).getByLabelText('Nationality'),
    ).not.toHaveAccessibleDescription('Optional');

    await fillForm();
    fill(religion, '');
    fill(within(group('Father')).getByLabelText('Email'), '');
    await submit();
    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    const sent = requests.find((request) => request.method === 'POST')?.data as typeof payload;
    expect(sent.personalInfo.religion).toBeNull();
    expect(sent.familyInfo.father.email).toBeNull();
  });
});
