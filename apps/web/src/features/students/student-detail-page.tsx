import type { Student } from '@examiq/contracts';
import { ProfilePhoto } from '@/components/avatar';
import {
  Chip,
  DetailGroup,
  DetailItem,
  DetailSection,
  ProfileCard,
  ProfileFact,
} from '@/components/detail-view';
import { AccountDetails, ContactDetails, PersonalDetails } from '@/components/person-details';
import { PersonDetailPage } from '@/components/person-pages';
import { PersonStatusBadge } from '@/components/status-badge';
import { fullName } from '@/lib/format';
import { ExamHistory } from './exam-history';
import { STUDENT_PAGES } from './student-pages';

export default function StudentDetailPage() {
  return (
    <PersonDetailPage
      kind={STUDENT_PAGES}
      header={{
        title: 'Student Details',
        description:
          'The profile of one student: personal, academic, contact, family and account information, and the exams they sat.',
      }}
    >
      {(student) => <StudentProfile student={student} />}
    </PersonDetailPage>
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
