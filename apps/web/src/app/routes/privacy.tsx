import { Link } from 'react-router';
import { Page, PageHeader, Prose } from '../../components/ui/page';

export function Component() {
  return (
    <Page title="Privacy">
      <PageHeader
        eyebrow="Legal"
        title="Privacy"
        lead="What Vision Terminal stores about you, what it strips from your photos, and how to take your data with you or delete it."
      />
      <Prose>
        <h2>In short</h2>
        <ul>
          <li>Your account, your analyses and your photos are kept on our server, not in your browser.</li>
          <li>
            <strong>Stored photos have their GPS position and all other metadata removed.</strong> Thumbnails are shown
            to you only.
          </li>
          <li>You can export everything we hold about you, and delete it, at any time.</li>
          <li>No advertising, no trackers, no outside fonts or scripts.</li>
        </ul>

        <h2>What we store</h2>
        <h3>Your account</h3>
        <p>
          When you sign in we receive from your sign-in provider your e-mail address, your name, a link to your profile
          picture if you have one, whether your e-mail is verified, and the provider’s identifier for you. We add the
          dates you signed up and were last active, how many times you have signed in, and for your last ten sign-ins
          the time, the host and your browser’s user agent. Profile fields you fill in yourself (company, role, time
          zone) are stored too.
        </p>
        <h3>Your analyses</h3>
        <p>
          For each photo you analyse we keep the result: the place, its coordinates, the confidence, the candidates and
          the evidence behind them, the time, and how long it took. Places you add to your location index and your
          location history are stored the same way, so they follow you to another device.
        </p>
        <h3>Your photos</h3>
        <p>
          We keep the photo you uploaded and a small thumbnail so that you can see them in your history. Before a photo
          is stored, we strip it of its metadata.
        </p>
        <h3>Usage</h3>
        <p>
          We count how many photos you analyse per week (to apply your allowance), which access codes you redeemed, and
          simple activity events — sign-in, page visible or hidden, page changes, features used — so that we can see
          whether the service works. Activity events contain no photo content.
        </p>

        <h3>Places your photos show (the gallery)</h3>
        <p>
          So that a later photo of the same place can be recognised without GPS, we remember the places of your photos
          that were located reliably: by the photo’s own GPS inside Miami-Dade, or by you confirming or correcting the
          place. For each one we keep its coordinates and a set of numbers describing what the picture looks like (short
          fingerprints of the whole image and of a few hundred small corner patterns in it).{' '}
          <strong>The picture itself is not kept for this.</strong> These numbers are not a copy of it, though, like any
          description, they say something about it, so they are treated as your data: your remembered places are used
          only for your own photos, never for anyone else’s, and you can delete them.
        </p>
        <p>
          This is on by default. You can turn off <strong>Use my located photos to recognise places</strong> in{' '}
          <Link to="/settings">Settings</Link>: nothing more is remembered and your photos are no longer compared with
          the places remembered before. Settings also lets you delete the remembered places; deleting your account
          deletes them too.
        </p>

        <h2>What we strip</h2>
        <p>
          Photos often carry hidden data: the GPS position where they were taken, the time, the camera and phone model,
          and sometimes the owner’s name.{' '}
          <strong>All of it — GPS included — is removed from every photo and thumbnail we store or serve.</strong> If
          your photo had a GPS position, the analysis reads it once as evidence; the resulting place is saved as part of
          the analysis result, which only you can see.
        </p>

        <h2>What stays in your browser</h2>
        <p>
          Only what is harmless to lose: display preferences, which announcements you have read, a hint telling the map
          which place to open, and activity events waiting to be sent if you were offline. Your session is a cookie your
          browser cannot read from scripts; no sign-in tokens are kept in local storage.
        </p>

        <h2>Who else sees your data</h2>
        <ul>
          <li>Your sign-in provider, which confirms who you are. We never see your password.</li>
          <li>
            When the operator has configured a cloud vision model, the photo (already stripped of its metadata) is sent
            to it for analysis and nothing else.
          </li>
          <li>
            The service administrator can see account details and usage figures to run the service. We do not sell or
            share data.
          </li>
        </ul>

        <h2>Export and delete</h2>
        <ol>
          <li>
            Sign in and open <Link to="/settings">Settings</Link>.
          </li>
          <li>
            <strong>Export my data</strong> downloads one JSON file with your account, analyses, location index and
            location history. Single analyses can also be exported from the dashboard with <strong>Export Data</strong>.
          </li>
          <li>
            <strong>Delete my account</strong> removes your account, your analyses, your photos and thumbnails, your
            histories, your remembered places and your usage records. Single entries can be deleted from your history at
            any time.
          </li>
        </ol>
        <p>
          To clear what this browser keeps, use <a href="/clear-auth0.html">Clear Cache</a>. For anything else, see{' '}
          <Link to="/contact">Contact</Link>.
        </p>
      </Prose>
    </Page>
  );
}
