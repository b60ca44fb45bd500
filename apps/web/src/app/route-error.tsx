import { TriangleAlert } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { Button, ButtonLink } from '@/components/button';

/** Shown when a page fails to load or render, e.g. a new release replaced its code chunk. */
export function RouteError() {
  return (
    <div className="flex min-h-dvh items-center justify-center px-4">
      <div className="max-w-md text-center">
        <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
          <TriangleAlert aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-xl font-semibold text-slate-900">Something went wrong</h1>
        <p className="mt-2 text-sm text-slate-600">
          This page could not be displayed. Reloading usually fixes it; if it keeps happening,
          contact your administrator.
        </p>
        <div className="mt-6 flex justify-center gap-3">
          <Button onClick={() => window.location.reload()}>Reload page</Button>
          <ButtonLink to="/" variant="secondary" reloadDocument>
            Go to home page
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}

/** Shows RouteError in place of the pages when one throws while rendering or its chunk fails. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
