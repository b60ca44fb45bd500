import { PEOPLE_MESSAGES, type Student } from '@examiq/contracts';
import { Pencil } from 'lucide-react';
import { useParams } from 'react-router';
import { AccountActions } from '@/components/account-actions';
import { ProfilePhoto } from '@/components/avatar';
import { BackLink } from '@/components/back-link';
import { ButtonLink } from '@/components/button';
import {
  Chip,
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
import { fullName } from '@/lib/format';
import { useStudent } from './api/get-student';
import { studentsQueryKey } from './api/keys';
import { ExamHistory } from './exam-history';

export default function StudentDetailPage() {
  const { id = '' } = useParams();
  const student = useStudent(id);

  return (
    <>
      <BackLink to="/admin/student">Back to Students</BackLink>
      <PageHeader
        title="Student Details"
        description="The profile of one student: personal, academic, contact, family and account information, and the exams they sat."
        actions={
          student.data && (
            <>
              <ButtonLink to={`/admin/student/${encodeURIComponent(id)}/edit`}>
                <Pencil aria-hidden="true" className="size-4" />
                Edit
              </ButtonLink>
              <AccountActions
                account={student.data.userId}
                name={fullName(student.data.personalInfo)}
                records={studentsQueryKey}
              />
            </>
          )
        }
      />
      <RecordDetail
        query={student}
        loadingLabel="Loading student details"
        notFound={{
          title: 'No Student Found',
          message: 'The requested student could not be found.',
          listTo: '/admin/student',
          listLabel: 'View all students',
        }}
        error={{
          title: 'Error Loading Student',
          fallback: PEOPLE_MESSAGES.fetchStudentDetailFailed,
        }}
      >
        {(record) => <StudentProfile student={record} />}
      </RecordDetail>
    </>
  );
}

function StudentProfile({ student }: { student: Student }) {
  const { personalInfo, academicInfo, familyInfo } = student;
  const name = fullName(personalInfo);
  const { guardian } = familyInfo;

  return (
    <div className="space-y-6">
      <ProfileCard
        media={<ProfilePhoto photo={personalInfo.photo} name={name} />}
        name={name}
        subtitle={`${academicInfo.course.name} - ${academicInfo.branch.name}`}
        badges={
          <>
            <Chip>{`Semester ${academicInfo.semester}`}</Chip>
            <Chip>{`Section ${academicInfo.section.name}`}</Chip>
            <PersonStatusBadge person={student} />
          </>
        }
      >
        <ProfileFact term="Student ID">{student.studentId}</ProfileFact>
        <ProfileFact term="Roll Number">{student.rollNumber}</ProfileFact>
        <ProfileFact term="Batch">{academicInfo.batch}</ProfileFact>
        <ProfileFact term="Email">{student.email}</ProfileFact>
      </ProfileCard>

      <div className="grid gap-6 lg:grid-cols-2">
        <PersonalDetails personalInfo={personalInfo} />
        <DetailSection title="Academic Information">
          <DetailItem term="Course">
            {academicInfo.course.fullName || academicInfo.course.name}
          </DetailItem>
          <DetailItem term="Branch">{`${academicInfo.branch.name} (${academicInfo.branch.code})`}</DetailItem>
          <DetailItem term="Section">{academicInfo.section.name}</DetailItem>
          <DetailItem term="Semester">{academicInfo.semester}</DetailItem>
          <DetailItem term="Batch">{academicInfo.batch}</DetailItem>
          <DetailItem term="Admission Year">{academicInfo.admissionYear}</DetailItem>
          <DetailItem term="Expected Graduation Year">
            {academicInfo.expectedGraduationYear}
          </DetailItem>
        </DetailSection>
        <ContactDetails email={student.email} contactInfo={student.contactInfo} />
        <AccountDetails account={student.userId} />
        <div className="lg:col-span-2">
          <DetailSection title="Family Information" groups="side-by-side">
            <DetailGroup title="Father" columns={1}>
              <RelativeItems relative={familyInfo.father} />
            </DetailGroup>
            <DetailGroup title="Mother" columns={1}>
              <RelativeItems relative={familyInfo.mother} />
            </DetailGroup>
            {guardian?.name && (
              <DetailGroup title="Guardian" columns={1}>
                <RelativeItems relative={guardian} />
                <DetailItem term="Relationship">{guardian.relationship}</DetailItem>
              </DetailGroup>
            )}
          </DetailSection>
        </div>
      </div>
      <ExamHistory studentId={student._id} rollNumber={student.rollNumber} />
    </div>
  );
}

type Relative = Student['familyInfo']['father'];

function RelativeItems({ relative }: { relative: Relative }) {
  return (
    <>
      <DetailItem term="Name">{relative.name}</DetailItem>
      <DetailItem term="Occupation">{relative.occupation}</DetailItem>
      <DetailItem term="Phone">{relative.phone}</DetailItem>
      <DetailItem term="Email">{relative.email}</DetailItem>
    </>
  );
}
