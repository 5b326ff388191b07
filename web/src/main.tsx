import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RecordSource } from 'relay-runtime';
import { App } from './app/App';
import { readServerRecords } from './routing/firstScreen';
import { redirectMobileVisitor } from './routing/mobileRedirect';
import { createAppRouter } from './app/router';
import { environment } from './relay/environment';

// §2: a phone or tablet opening a desktop page goes straight to the mobile site, before anything loads.
if (!redirectMobileVisitor()) {
  const container = document.getElementById('root')!;
  // The gateway rendered this page's first screen (entry-server.tsx): the store starts with the
  // records it was rendered from, so the loaders find their data without asking, and React
  // hydrates the server's HTML once they have settled (the same tree the server rendered).
  const records = readServerRecords(document);
  if (records) environment.getStore().publish(new RecordSource(records));
  const { router } = createAppRouter(environment, { fromServer: records !== null });
  const app = (
    <StrictMode>
      <App environment={environment} router={router} />
    </StrictMode>
  );
  if (records) {
    const hydrate = () => hydrateRoot(container, app);
    if (router.state.initialized) hydrate();
    else {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        hydrate();
      });
    }
  } else {
    createRoot(container).render(app);
  }
}
