import { type Faculty, MARITAL_STATUS_LABELS, PEOPLE_MESSAGES } from '@examiq/contracts';
import { Pencil } from 'lucide-react';
import { useParams } from 'react-router';
import { AccountActions } from '@/components/account-actions';
import { ProfilePhoto } from '@/components/avatar';
import { BackLink } from '@/components/back-link';
import { ButtonLink } from '@/components/button';
import {
  DetailGroup,
  DetailItem,
  DetailSection,
  ProfileCard,
  ProfileFact,
  RecordDetail,
} from '@/components/detail-view';
import { PageHeader } from '@/components/page-header';
import { AccountDetails, ContactDetails, PersonalDetails } from '@/components/person-details';
import { PersonStatusBadge } from '@/components/status-badge';
import { formatDate, formatDateTime, fullName } from '@/lib/format';
import { plural } from '@/lib/plural';
import { useFaculty } from './api/get-faculty';
import { facultyQueryKey } from './api/keys';

export default function FacultyDetailPage() {
  const { id = '' } = useParams();
  const faculty = useFaculty(id);

  return (
    <>
      <BackLink to="/admin/faculty">Back to Faculty</BackLink>
      <PageHeader
        title="Faculty Details"
        description="The profile of one faculty member: personal, contact, professional, qualification and account information."
        actions={
          faculty.data && (
            <>
              <ButtonLink to={`/admin/faculty/${encodeURIComponent(id)}/edit`}>
                <Pencil aria-hidden="true" className="size-4" />
                Edit
              </ButtonLink>
              <AccountActions
                account={faculty.data.userId}
                name={fullName(faculty.data.personalInfo)}
                records={facultyQueryKey}
              />
            </>
          )
        }
      />
      <RecordDetail
        query={faculty}
        loadingLabel="Loading faculty details"
        notFound={{
          title: 'No Faculty Found',
          message: 'The requested faculty member could not be found.',
          listTo: '/admin/faculty',
          listLabel: 'View all faculty',
        }}
        error={{
          title: 'Error Loading Faculty',
          fallback: PEOPLE_MESSAGES.fetchFacultyDetailFailed,
        }}
      >
        {(record) => <FacultyProfile faculty={record} />}
      </RecordDetail>
    </>
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
