import { type InstitutionSettings, SETTINGS_MESSAGES } from '@examiq/contracts';
import type { ReactNode } from 'react';
import { getServerMessage } from '@/lib/api-client';
import { useInstitutionSettings } from '@/lib/institution-settings';
import { ErrorBanner } from './error-banner';
import { PageLoader } from './spinner';

/**
 * Renders what needs the institution's settings from its first check on (an exam's maximum
 * duration, a person's required fields) once they are loaded; a loader until then, and a retry
 * when they cannot be read.
 */
export function WithSettings({
  children,
}: {
  children: (settings: InstitutionSettings) => ReactNode;
}) {
  const settings = useInstitutionSettings();
  if (settings.isPending) return <PageLoader />;
  if (settings.isError) {
    return (
      <ErrorBanner
        title={SETTINGS_MESSAGES.fetchFailed}
        message={getServerMessage(settings.error)}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  return children(settings.data.settings);
}
