import { validFacultyPayload, validStudentPayload } from '@examiq/contracts/test-support';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { admin } from './support/accounts';
import { apiSignIn, signIn } from './support/session';

// Stored XSS: free-text fields saved with markup must come back on every page as literal text.
// Each payload sets window.__xss to its own number if it ever runs. Years, codes and names are
// this file's own: the other specs create their records meanwhile.
const BATCH = { startYear: 2046, endYear: 2050 };
const BATCH_NAME = '2046-2050';
const markup = {
  branchName: '<img src=x onerror="window.__xss=1">Markup Branch',
  firstName: '<img src=x onerror=window.__xss=2>',
  lastName: '<script>window.__xss=3</script>',
  rollNumber: '"><svg onload=__xss=4>',
  nationality: '<iframe src=javascript:__xss=5>',
  religion: "'><b onmouseover=__xss=6>B</b>",
  street: '<a href="javascript:window.__xss=7">Home</a> 1 Main Road',
  city: '<details open ontoggle=window.__xss=8>Pune',
  fatherOccupation: '<body onload=window.__xss=9>',
  relationship: '<marquee onstart=__xss=10>Uncle',
  facultyFirstName: '<svg/onload=window.__xss=11>',
  facultyLastName: 'Markup',
  photo: 'https://example.com/p.jpg?a="><img src=x onerror=window.__xss=12>',
  department: '<iframe srcdoc="<script>parent.__xss=13</script>">',
  designation: '<a href="javascript:window.__xss=14">Professor</a>',
  employeeId: 'EMP-<i>XSS</i>-46',
  degree: '<b>M.Tech</b>',
  institution: '<img src=x onerror=window.__xss=15>',
  previousInstitution: '<script>window.__xss=16</script>',
} as const;

/** Batch, course, branch and section, and one student and one faculty member, made through the API. */
async function createRecords(request: APIRequestContext) {
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const headers = { Authorization: `Bearer ${tokens.accessToken}` };
  async function create(path: string, data: unknown) {
    const response = await request.post(`/api/admin/${path}`, { headers, data });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()).data;
  }
  const batch = await create('create-batch', BATCH);
  const course = await create('create-course', {
    batchId: batch._id,
    name: 'MX-46',
    fullName: 'Bachelor of Markup',
    totalSemesters: 8,
    durationYears: 4,
    courseType: 'UG',
  });
  const branch = await create('create-branch', {
    courseId: course._id,
    name: markup.branchName,
    code: 'XSS46',
  });
  const section = await create('create-section', {
    branchId: branch._id,
    name: 'X46',
    capacity: 30,
  });

  const base = validStudentPayload({
    email: 'xss.student@examiq.test',
    rollNumber: markup.rollNumber,
    course: course._id,
    branch: branch._id,
    section: section._id,
    batch: BATCH_NAME,
  });
  const address = {
    ...base.contactInfo.permanentAddress,
    street: markup.street,
    city: markup.city,
  };
  const { student } = await create('create-student', {
    ...base,
    personalInfo: {
      ...base.personalInfo,
      firstName: markup.firstName,
      lastName: markup.lastName,
      nationality: markup.nationality,
      religion: markup.religion,
    },
    contactInfo: { ...base.contactInfo, permanentAddress: address, currentAddress: address },
    familyInfo: {
      ...base.familyInfo,
      father: { ...base.familyInfo.father, occupation: markup.fatherOccupation },
      guardian: { ...base.familyInfo.guardian, relationship: markup.relationship },
    },
    academicInfo: { ...base.academicInfo, admissionYear: 2046, expectedGraduationYear: 2050 },
  });

  const faculty = validFacultyPayload({
    email: 'xss.faculty@examiq.test',
    employeeId: markup.employeeId,
  });
  const { professionalInfo } = faculty;
  const created = await create('create-faculty', {
    ...faculty,
    personalInfo: {
      ...faculty.personalInfo,
      firstName: markup.facultyFirstName,
      lastName: markup.facultyLastName,
      photo: markup.photo,
    },
    professionalInfo: {
      ...professionalInfo,
      department: markup.department,
      designation: markup.designation,
      qualification: [
        {
          ...professionalInfo.qualification[0],
          degree: markup.degree,
          institution: markup.institution,
        },
      ],
      experience: {
        ...professionalInfo.experience,
        previousInstitutions: [
          {
            ...professionalInfo.experience.previousInstitutions[0],
            institutionName: markup.previousInstitution,
          },
        ],
      },
    },
  });
  return { studentId: student._id as string, facultyId: created.faculty._id as string };
}

/** Elements or attributes that only exist if stored markup was parsed as HTML. */
function injectedMarkup(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll('*'))) {
      const tag = element.tagName.toLowerCase();
      if (['iframe', 'marquee', 'details', 'svg'].includes(tag) && element.closest('#root')) {
        if (tag !== 'svg' || element.hasAttribute('onload')) found.push(tag);
      }
      if (tag === 'script' && element.textContent?.includes('__xss')) found.push('script');
      for (const attribute of Array.from(element.attributes)) {
        const value = attribute.value.trim().toLowerCase();
        if (attribute.name.startsWith('on')) found.push(`${tag}[${attribute.name}]`);
        if (attribute.name === 'href' && value.startsWith('javascript:'))
          found.push(`${tag}[href]`);
        if (attribute.name === 'src' && value === 'x') found.push(`${tag}[src=x]`);
      }
    }
    return found;
  });
}

async function expectInert(page: Page, dialogs: string[]) {
  expect(await injectedMarkup(page)).toEqual([]);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
}

test('markup stored in free-text fields shows as literal text and never runs', async ({
  page,
  request,
}) => {
  // Seven pages and a sign-in; the other worker shares the machine meanwhile.
  test.setTimeout(90_000);
  const { studentId, facultyId } = await createRecords(request);
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });

  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);

  // Master data: the branch view, and the branch dropdown of the create-student form.
  await page.goto('/admin/data/view-branch');
  const branchCard = page.getByRole('article').filter({ hasText: 'XSS46' });
  await expect(branchCard.getByText(markup.branchName, { exact: true })).toBeVisible();
  await expectInert(page, dialogs);

  await page.goto('/admin/student/create-student');
  const academic = page.getByRole('region', { name: 'Academic Information' });
  await academic.getByLabel('Batch').selectOption({ label: BATCH_NAME });
  await academic.getByLabel('Course').selectOption({ label: 'Bachelor of Markup' });
  await academic.getByLabel('Branch').selectOption({ label: `${markup.branchName} (XSS46)` });
  await expectInert(page, dialogs);

  // Students: the list and the detail page.
  await page.goto('/admin/student');
  const studentRow = page.getByRole('row').filter({ hasText: 'xss.student@examiq.test' });
  await expect(studentRow).toContainText(`${markup.firstName} ${markup.lastName}`);
  await expect(studentRow.getByText(markup.rollNumber, { exact: true })).toBeVisible();
  await expectInert(page, dialogs);

  await page.goto(`/admin/student/${studentId}`);
  const studentProfile = page.getByRole('region', { name: 'Profile' });
  await expect(studentProfile).toContainText(`MX-46 - ${markup.branchName}`);
  await expect(studentProfile).toContainText(markup.rollNumber);
  const studentPersonal = page.getByRole('region', { name: 'Personal Information' });
  for (const text of [markup.firstName, markup.lastName, markup.nationality, markup.religion]) {
    await expect(studentPersonal.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Academic Information' })).toContainText(
    `${markup.branchName} (XSS46)`,
  );
  const contact = page.getByRole('region', { name: 'Contact Information' });
  await expect(contact).toContainText(markup.street);
  await expect(contact).toContainText(markup.city);
  await expect(page.getByRole('region', { name: 'Father' })).toContainText(markup.fatherOccupation);
  await expect(page.getByRole('region', { name: 'Guardian' })).toContainText(markup.relationship);
  await expectInert(page, dialogs);

  // Faculty: the list and the detail page.
  await page.goto('/admin/faculty');
  const facultyRow = page.getByRole('row').filter({ hasText: 'xss.faculty@examiq.test' });
  await expect(facultyRow).toContainText(`${markup.facultyFirstName} ${markup.facultyLastName}`);
  await expect(facultyRow).toContainText(markup.employeeId);
  await expect(facultyRow).toContainText(markup.department);
  await expect(facultyRow).toContainText(markup.designation);
  await expectInert(page, dialogs);

  await page.goto(`/admin/faculty/${facultyId}`);
  const facultyProfile = page.getByRole('region', { name: 'Profile' });
  await expect(facultyProfile).toContainText(markup.facultyFirstName);
  await expect(facultyProfile).toContainText(markup.department);
  const professional = page.getByRole('region', { name: 'Professional Information' });
  await expect(professional).toContainText(markup.employeeId);
  await expect(professional).toContainText(markup.designation);
  const qualifications = page.getByRole('region', { name: 'Educational Qualifications' });
  await expect(qualifications).toContainText(markup.degree);
  await expect(qualifications).toContainText(markup.institution);
  await expect(page.getByRole('region', { name: 'Previous Experience' })).toContainText(
    markup.previousInstitution,
  );
  // The photo URL, on another site, is a link: it stays one attribute value, whose quotes open
  // no new attribute or element.
  const photoLinks = await facultyProfile
    .getByRole('link', { name: /^Open photo/ })
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(photoLinks).toEqual([new URL(markup.photo).href]);
  await expectInert(page, dialogs);
});
