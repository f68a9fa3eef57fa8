import { Link } from 'react-router';
import { Page, PageHeader, Prose } from '../../components/ui/page';
import { useWeeklyAllowance } from '../../features/public-site';

const sections = [
  { id: 'start', title: 'Getting started' },
  { id: 'results', title: 'Reading a result' },
  { id: 'better', title: 'Getting better results' },
  { id: 'index', title: 'History and location index' },
  { id: 'limits', title: 'Allowances and access codes' },
];

export function Component() {
  const allowance = useWeeklyAllowance();
  return (
    <Page title="Documentation">
      <PageHeader
        eyebrow="Docs"
        title="Documentation"
        lead="Everything you need to go from a photo to a place, and to understand the answer."
      />
      <div className="grid gap-10 lg:grid-cols-[14rem_1fr]">
        <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
          <ul className="space-y-2 text-sm">
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="text-muted hover:text-fg">
                  {s.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <Prose>
          <h2 id="start">Getting started</h2>
          <ol>
            <li>
              Press <strong>Sign In</strong> and sign in with your sign-in provider.
            </li>
            <li>
              From the <Link to="/dashboard">Dashboard</Link> press <strong>Launch VT</strong>, then open the map.
            </li>
            <li>Upload a photo taken in Miami-Dade County. The map flies to the place it found.</li>
          </ol>

          <h2 id="results">Reading a result</h2>
          <ul>
            <li>
              <strong>Coordinates</strong> are latitude and longitude in degrees, shown with four decimals in lists and
              six in details, for example <code>25.7617, -80.1918</code>.
            </li>
            <li>
              <strong>Confidence</strong> is how sure the engine is, from the evidence it found. Green badges mean 80%
              or more, amber less.
            </li>
            <li>
              <strong>Uncertainty radius</strong>: the true place is most likely inside this circle on the map.
            </li>
            <li>
              <strong>Candidates</strong>: the runner-up places with their probabilities.
            </li>
            <li>
              <strong>Evidence</strong>: what led to the answer — a GPS tag, a street sign that was read, a matching
              reference photo, the vision model’s reasoning.
            </li>
            <li>
              If nothing specific is found, the answer falls back to the general Miami area with low confidence. Photos
              taken outside Miami-Dade are reported as outside coverage.
            </li>
          </ul>

          <h2 id="better">Getting better results</h2>
          <ul>
            <li>
              Original photos from your camera keep their GPS tag, which gives an exact answer. Screenshots and
              messaging apps usually drop it.
            </li>
            <li>
              Street signs, shop names and building numbers in frame help a lot; so do distinctive buildings and
              landmarks.
            </li>
            <li>Sharp, well-lit photos of streets work better than close-ups or indoor shots.</li>
          </ul>

          <h2 id="index">History and location index</h2>
          <p>
            Every analysis is saved to your analysis history. Places you want to keep go into your location index (up to
            20), where you can verify a place against independent evidence or run the analysis again. Both are stored on
            the server and follow you to any device you sign in on.
          </p>

          <h2 id="limits">Allowances and access codes</h2>
          <p>
            Each account can analyse {allowance} by default; the week starts on Monday. Access codes from the operator
            raise the allowance and unlock features such as map access. Redeem them from the access page.
          </p>
        </Prose>
      </div>
    </Page>
  );
}
