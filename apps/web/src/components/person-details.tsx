import { ACTIVE_STATUS, type Address, GENDER_LABELS, type Student } from '@examiq/contracts';
import type { ReactNode } from 'react';
import { formatDate } from '@/lib/format';
import { DetailItem, DetailSection } from './detail-view';
import { StatusBadge } from './status-badge';

type PersonalInfo = Student['personalInfo'];
type ContactInfo = Student['contactInfo'];
type Account = Student['userId'];

/** '12 College Road, Pune, Maharashtra 411001, India', leaving out the parts not given. */
function formatAddress(address: Address | null): string {
  if (!address) return '';
  const region = [address.state, address.zipCode].filter(Boolean).join(' ');
  return [address.street, address.city, region, address.country].filter(Boolean).join(', ');
}

interface PersonalDetailsProps {
  personalInfo: PersonalInfo;
  /** Items only one kind of person has, e.g. a faculty member's marital status. */
  children?: ReactNode;
}

export function PersonalDetails({ personalInfo, children }: PersonalDetailsProps) {
  return (
    <DetailSection title="Personal Information">
      <DetailItem term="First Name">{personalInfo.firstName}</DetailItem>
      <DetailItem term="Last Name">{personalInfo.lastName}</DetailItem>
      <DetailItem term="Date of Birth">
        {personalInfo.dateOfBirth && formatDate(personalInfo.dateOfBirth)}
      </DetailItem>
      <DetailItem term="Gender">
        {personalInfo.gender && GENDER_LABELS[personalInfo.gender]}
      </DetailItem>
      <DetailItem term="Nationality">{personalInfo.nationality}</DetailItem>
      <DetailItem term="Religion">{personalInfo.religion}</DetailItem>
      {children}
    </DetailSection>
  );
}

export function ContactDetails({
  email,
  contactInfo,
}: {
  email: string;
  contactInfo: ContactInfo;
}) {
  return (
    <DetailSection title="Contact Information">
      <DetailItem term="Email">{email}</DetailItem>
      <DetailItem term="Phone">{contactInfo.phone}</DetailItem>
      <DetailItem term="Permanent Address" className="sm:col-span-2">
        {formatAddress(contactInfo.permanentAddress)}
      </DetailItem>
      <DetailItem term="Current Address" className="sm:col-span-2">
        {formatAddress(contactInfo.currentAddress)}
      </DetailItem>
    </DetailSection>
  );
}

interface AccountDetailsProps {
  account: Account;
  /** Further items, e.g. a faculty member's last login and creation date. */
  children?: ReactNode;
}

export function AccountDetails({ account, children }: AccountDetailsProps) {
  return (
    <DetailSection title="Account Information">
      <DetailItem term="User Role">
        <span className="capitalize">{account.role}</span>
      </DetailItem>
      <DetailItem term="Account Status">
        <StatusBadge status={account.isActive ? ACTIVE_STATUS : 'Inactive'} />
      </DetailItem>
      <DetailItem term="Email Verified">{account.isEmailVerified ? 'Yes' : 'No'}</DetailItem>
      {children}
    </DetailSection>
  );
}
