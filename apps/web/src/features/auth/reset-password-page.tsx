import { resetPasswordWithLinkSchema } from '@examiq/contracts';
import { Link } from 'react-router';
import { PasswordLinkPage } from './password-link-page';
import { resetPassword } from './password-reset';

/** The page an emailed reset link opens: `?token=` carries the link's single-use token. */
export default function ResetPasswordPage() {
  return (
    <PasswordLinkPage
      schema={resetPasswordWithLinkSchema}
      send={resetPassword}
      title="Choose a new password"
      subtitle="Your other sessions end once it is set; then sign in with the new password."
      footer={
        <>
          Link expired?{' '}
          <Link
            to="/forgot-password"
            className="rounded font-semibold text-brand-700 hover:text-brand-800"
          >
            Ask for a new one
          </Link>
        </>
      }
      failure="The password could not be reset. Please try again."
      submitLabel="Set new password"
    />
  );
}
