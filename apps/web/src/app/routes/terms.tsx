import { Link } from 'react-router';
import { Page, PageHeader, Prose } from '../../components/ui/page';

export function Component() {
  return (
    <Page title="Terms of Service">
      <PageHeader
        eyebrow="Legal"
        title="Terms of Service"
        lead="The rules for using Vision Terminal during its beta. Plain language, no surprises."
      />
      <Prose>
        <h2>1. The service</h2>
        <p>
          Vision Terminal estimates where in Miami-Dade County, Florida a photo was taken. It is offered as a beta:
          features may change, and access is free until further notice. If prices are introduced, they will be announced
          in advance and apply only if you choose a plan.
        </p>
        <h2>2. Your account</h2>
        <p>
          You sign in through a sign-in provider. Keep access to that account safe; what happens under your account is
          your responsibility. You may stop using the service and delete your account at any time.
        </p>
        <h2>3. Acceptable use</h2>
        <ul>
          <li>Upload only photos you have the right to use.</li>
          <li>Do not use the service to locate, follow, harass or expose a person, or to find where someone lives.</li>
          <li>
            Do not try to get around weekly allowances, access codes or security measures, or overload the service.
          </li>
          <li>Do not upload unlawful content.</li>
        </ul>
        <p>We may suspend accounts that break these rules.</p>
        <h2>4. Results are estimates</h2>
        <p>
          Every answer comes with a confidence and an uncertainty radius because it can be wrong. Do not rely on a
          result where a mistake could cause harm — for emergencies, legal matters or safety decisions, use
          authoritative sources. Photos taken outside Miami-Dade are reported as outside coverage.
        </p>
        <h2>5. Your content</h2>
        <p>
          Your photos and results remain yours. You allow us to store and process them only to provide the service to
          you. How we handle them is described in the <Link to="/privacy">Privacy</Link> page.
        </p>
        <h2>6. Availability and liability</h2>
        <p>
          The service is provided as is, without warranty. We work to keep it running (see{' '}
          <Link to="/status">Status</Link>) but cannot promise that it is always available or error-free. To the extent
          the law allows, we are not liable for indirect losses arising from its use.
        </p>
        <h2>7. Changes</h2>
        <p>
          We may update these terms. When the change matters, we will tell you in the app and ask you to accept the new
          terms before you continue.
        </p>
        <h2>8. Contact</h2>
        <p>
          Questions about these terms: see <Link to="/contact">Contact</Link>.
        </p>
      </Prose>
    </Page>
  );
}
