import { acceptInvitationSchema } from '@examiq/contracts';
import { PasswordLinkPage } from './password-link-page';
import { acceptInvitation } from './password-reset';

/** The page an emailed invitation opens: `?token=` carries the link's single-use token. */
export default function SetPasswordPage() {
  return (
    <PasswordLinkPage
      schema={acceptInvitationSchema}
      send={acceptInvitation}
      title="Set your password"
      subtitle="You were invited to ExamIQ. Choose the password you will sign in with."
      footer="Link expired or used? Ask the admin to send the invitation again."
      failure="The password could not be set. Please try again."
      submitLabel="Set password"
    />
  );
}
