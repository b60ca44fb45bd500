import { BrowserRouter } from 'react-router';
import { AppToaster } from '@/lib/toaster';
import { AppRoutes } from './router';

export function App() {
  return (
    <>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <AppToaster />
    </>
  );
}
