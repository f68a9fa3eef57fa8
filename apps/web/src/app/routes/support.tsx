import { Link } from 'react-router';
import { Page, PageHeader, Prose } from '../../components/ui/page';

export function Component() {
  return (
    <Page title="Support">
      <PageHeader
        eyebrow="Support"
        title="Support"
        lead="Answers to the problems people run into most, and where to go next."
      />
      <Prose>
        <h2>Sign-in fails or loops</h2>
        <p>
          If sign-in keeps returning you to the home page, or the navigation bar shows <strong>Auth Error</strong>, your
          browser may hold stale sign-in data. Open <a href="/clear-auth0.html">Clear Cache</a>: it removes that data,
          signs you out and brings you back, ready to sign in again.
        </p>
        <h2>“Session Expired”</h2>
        <p>
          Sessions end after a period of inactivity and after a fixed maximum time. Press <strong>Go to Home</strong>{' '}
          and sign in again; your history is kept on the server and nothing is lost.
        </p>
        <h2>The result looks wrong</h2>
        <p>
          Check the confidence and the uncertainty radius first: a low confidence means the photo gave little evidence.
          Try a photo with visible street signs or a recognisable building, or run the analysis again from your location
          index. Photos from outside Miami-Dade are reported as outside coverage.
        </p>
        <h2>I reached my weekly allowance</h2>
        <p>
          Allowances reset every Monday. An access code from the operator raises the allowance straight away. See{' '}
          <Link to="/docs#limits">allowances and access codes</Link>.
        </p>
        <h2>Is the service up?</h2>
        <p>
          The <Link to="/status">Status</Link> page shows live health of the API and database.
        </p>
        <h2>Still stuck?</h2>
        <p>
          See <Link to="/contact">Contact</Link>. The <Link to="/auth0-debug">sign-in details</Link> page shows what the
          app knows about your session, which helps when describing a sign-in problem.
        </p>
      </Prose>
    </Page>
  );
}
