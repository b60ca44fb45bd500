import { type Faculty, MARITAL_STATUS_LABELS } from '@examiq/contracts';
import { ProfilePhoto } from '@/components/avatar';
import {
  DetailGroup,
  DetailItem,
  DetailSection,
  ProfileCard,
  ProfileFact,
} from '@/components/detail-view';
import { AccountDetails, ContactDetails, PersonalDetails } from '@/components/person-details';
import { PersonDetailPage } from '@/components/person-pages';
import { PersonStatusBadge } from '@/components/status-badge';
import { formatDate, formatDateTime, fullName } from '@/lib/format';
import { plural } from '@/lib/plural';
import { FACULTY_PAGES } from './faculty-pages';

export default function FacultyDetailPage() {
  return (
    <PersonDetailPage
      kind={FACULTY_PAGES}
      header={{
        title: 'Faculty Details',
        description:
          'The profile of one faculty member: personal, contact, professional, qualification and account information.',
      }}
    >
      {(faculty) => <FacultyProfile faculty={faculty} />}
    </PersonDetailPage>
  );
}

function FacultyProfile({ faculty }: { faculty: Faculty }) {
  const { personalInfo, professionalInfo, userId: account } = faculty;
  const { qualification, experience } = professionalInfo;
  const name = fullName(personalInfo);

  return (
    <div className="space-y-6">
      <ProfileCard
        media={<ProfilePhoto photo={personalInfo.photo} name={name} />}
        name={name}
        subtitle={
          <>
            <p className="font-medium text-slate-700">{professionalInfo.designation}</p>
            <p>{professionalInfo.department}</p>
          </>
        }
        badges={<PersonStatusBadge person={faculty} />}
      >
        <ProfileFact term="Faculty ID">{faculty.facultyId}</ProfileFact>
        <ProfileFact term="Employee ID">{professionalInfo.employeeId}</ProfileFact>
        <ProfileFact term="Joining Date">{formatDate(faculty.joiningDate)}</ProfileFact>
        <ProfileFact term="Email">{faculty.email}</ProfileFact>
      </ProfileCard>

      <div className="grid gap-6 lg:grid-cols-2">
        <PersonalDetails personalInfo={personalInfo}>
          <DetailItem term="Marital Status">
            {personalInfo.maritalStatus && MARITAL_STATUS_LABELS[personalInfo.maritalStatus]}
          </DetailItem>
        </PersonalDetails>
        <ContactDetails email={faculty.email} contactInfo={faculty.contactInfo} />
        <DetailSection title="Professional Information">
          <DetailItem term="Employee ID">{professionalInfo.employeeId}</DetailItem>
          <DetailItem term="Department">{professionalInfo.department}</DetailItem>
          <DetailItem term="Designation">{professionalInfo.designation}</DetailItem>
          <DetailItem term="Total Experience">
            {experience.totalYears === null ? null : plural(experience.totalYears, 'year')}
          </DetailItem>
        </DetailSection>
        <AccountDetails account={account}>
          <DetailItem term="Last Login">
            {account.lastLogin ? formatDateTime(account.lastLogin) : 'Never'}
          </DetailItem>
          <DetailItem term="Created">{formatDateTime(account.createdAt)}</DetailItem>
        </AccountDetails>
        {qualification.length > 0 && (
          <DetailSection title="Educational Qualifications" groups="stacked">
            {qualification.map((entry, index) => (
              <DetailGroup
                // Entries have no id; their order is the one the admin gave.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={index}
                title={entry.year === null ? entry.degree : `${entry.degree}, ${entry.year}`}
              >
                <DetailItem term="Institution">{entry.institution}</DetailItem>
                <DetailItem term="Percentage">
                  {entry.percentage === null ? null : `${entry.percentage}%`}
                </DetailItem>
              </DetailGroup>
            ))}
          </DetailSection>
        )}
        {experience.previousInstitutions.length > 0 && (
          <DetailSection title="Previous Experience" groups="stacked">
            {experience.previousInstitutions.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id, as above
              <DetailGroup key={index} title={entry.institutionName}>
                <DetailItem term="Designation">{entry.designation}</DetailItem>
                <DetailItem term="Duration">{entry.duration}</DetailItem>
                <DetailItem term="Period">
                  {`${formatDate(entry.from)} – ${formatDate(entry.to)}`}
                </DetailItem>
              </DetailGroup>
            ))}
          </DetailSection>
        )}
      </div>
    </div>
  );
}
