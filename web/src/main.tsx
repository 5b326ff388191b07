import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { redirectMobileVisitor } from './app/mobileRedirect';
import { createAppRouter } from './app/router';
import { environment } from './relay/environment';

// §2: a phone or tablet opening a desktop page goes straight to the mobile site, before anything loads.
if (!redirectMobileVisitor()) {
  const { router } = createAppRouter(environment);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App environment={environment} router={router} />
    </StrictMode>,
  );
}
