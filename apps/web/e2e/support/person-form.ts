import type { validStudentPayload } from '@examiq/contracts/test-support';
import { expect, type Page } from '@playwright/test';

type StudentPayload = ReturnType<typeof validStudentPayload>;

/** A person form's phone and permanent address, the current address the same. */
export async function fillContactInfo(page: Page, contactInfo: StudentPayload['contactInfo']) {
  const contact = page.getByRole('region', { name: 'Contact Information' });
  await contact.getByLabel('Phone').fill(contactInfo.phone);
  const permanent = contact.getByRole('group', { name: 'Permanent Address' });
  const address = contactInfo.permanentAddress;
  await permanent.getByLabel('Street').fill(address.street);
  await permanent.getByLabel('City').fill(address.city);
  await permanent.getByLabel('State').fill(address.state);
  await permanent.getByLabel('Zip Code').fill(address.zipCode);
  await permanent.getByLabel('Country').fill(address.country);
  await contact.getByLabel('Same as permanent address').check();
}

/**
 * Fills the create student form as an admin types it: the current address the same as the
 * permanent one, the placement by the labels the selects show, and the fields named in `leaveOut`
 * (as 'personalInfo.religion', 'familyInfo.father.email') left empty.
 */
export async function fillStudentForm(
  page: Page,
  student: StudentPayload,
  {
    firstName,
    lastName,
    placement,
    leaveOut = [],
  }: {
    firstName: string;
    lastName: string;
    placement: { batch: string; course: string; branch: string; section: string };
    leaveOut?: string[];
  },
) {
  const given = (key: string) => !leaveOut.includes(key);
  const account = page.getByRole('region', { name: 'Account Information' });
  await account.getByLabel('Email').fill(student.email);
  await account.getByLabel('Roll Number').fill(student.rollNumber);

  const personal = page.getByRole('region', { name: 'Personal Information' });
  const info = student.personalInfo;
  await personal.getByLabel('First Name').fill(firstName);
  await personal.getByLabel('Last Name').fill(lastName);
  await personal.getByLabel('Date of Birth').fill(info.dateOfBirth);
  await personal.getByLabel('Gender').selectOption({ label: 'Female' });
  await personal.getByLabel('Nationality').fill(info.nationality);
  if (given('personalInfo.religion')) await personal.getByLabel('Religion').fill(info.religion);
  if (given('personalInfo.photo')) await personal.getByLabel('Photo URL').fill(info.photo);

  await fillContactInfo(page, student.contactInfo);

  for (const [relative, legend] of [
    ['father', 'Father'],
    ['mother', 'Mother'],
    ['guardian', 'Guardian'],
  ] as const) {
    const group = page.getByRole('group', { name: legend });
    const values = student.familyInfo[relative];
    for (const [field, label] of [
      ['name', 'Name'],
      ['occupation', 'Occupation'],
      ['phone', 'Phone'],
      ['email', 'Email'],
    ] as const) {
      if (given(`familyInfo.${relative}.${field}`))
        await group.getByLabel(label).fill(values[field]);
    }
  }
  await page
    .getByRole('group', { name: 'Guardian' })
    .getByLabel('Relationship')
    .fill(student.familyInfo.guardian.relationship);

  const academic = page.getByRole('region', { name: 'Academic Information' });
  await expect(academic.getByLabel('Course')).toBeDisabled();
  await academic.getByLabel('Batch').selectOption({ label: placement.batch });
  await academic.getByLabel('Course').selectOption({ label: placement.course });
  await academic.getByLabel('Branch').selectOption({ label: placement.branch });
  await academic.getByLabel('Section').selectOption({ label: placement.section });
  const [admissionYear, graduationYear] = placement.batch.split('-');
  await academic.getByLabel('Semester').fill('1');
  await academic.getByLabel('Admission Year').fill(admissionYear ?? '');
  await academic.getByLabel('Expected Graduation Year').fill(graduationYear ?? '');
}
