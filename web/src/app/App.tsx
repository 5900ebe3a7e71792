import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { AppErrorBoundary } from '../components/AppErrorScreen';
import { GlobalStyle } from './GlobalStyle';
import { createQueryClient } from './queryClient';
import { createRouter } from './router';
import { theme } from './theme';

export function App() {
  // Created once per mounted app (not at module load) so tests and hot reloads start clean.
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createRouter(queryClient));
  return (
    <AppErrorBoundary>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ThemeProvider>
    </AppErrorBoundary>
  );
}
