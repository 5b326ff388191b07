import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { environment } from './relay/environment';

const { router } = createAppRouter(environment);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App environment={environment} router={router} />
  </StrictMode>,
);
