import { ENGINE_VERSION_LABEL } from '@vt/shared';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Page, PageHeader } from '../../components/ui/page';
import { startSignIn, useSession } from '../../features/auth';
import { CheckList, MeasuredFigureText, TARGETS, useBenchmarks } from '../../features/public-site';

const checklist = [
  'GPS coordinate extraction from the photo’s own metadata, exact when present',
  'Building and landmark recognition against reference photos of known places',
  'Reading street signs, street names and business names in the photo',
  'Matching against a Miami-Dade gazetteer and the county street grid',
  'A confidence from the evidence, with an uncertainty radius and runner-up candidates',
  'Municipality, neighbourhood and ZIP code for every answer',
  'Photos outside Miami-Dade are reported as outside coverage, never moved into it',
  'A personal analysis history and location index that follow you across devices',
];

export function Component() {
  const { isAuthenticated } = useSession();
  const { data: figures } = useBenchmarks();

  const access = isAuthenticated ? (
    <ButtonLink to="/access-ai" size="lg">
      Access Vision Terminal
    </ButtonLink>
  ) : (
    <Button size="lg" onClick={() => startSignIn('/access-ai')}>
      Access Vision Terminal
    </Button>
  );

  const specs: Array<[string, React.ReactNode]> = [
    ['Model version', <span className="font-mono">2.1 ({ENGINE_VERSION_LABEL})</span>],
    ['Accuracy', <MeasuredFigureText figure={figures.accuracy} target={TARGETS.accuracy} />],
    ['Coverage area', 'One county: Miami-Dade, Florida'],
    ['Processing speed', <MeasuredFigureText figure={figures.speed} target={TARGETS.speed} />],
    ['Without GPS', <MeasuredFigureText figure={figures.signs} target={TARGETS.signs} />],
    ['Output', 'Coordinates, confidence, uncertainty radius, neighbourhood, municipality, ZIP, evidence'],
  ];

  return (
    <Page title="Vision Terminal">
      <PageHeader
        eyebrow="Product"
        title="Vision Terminal"
        lead="A location engine specialised in one US county. It looks at a photo the way a local would — signs, streets, buildings, landmarks — and tells you where in Miami-Dade it was taken, and how sure it is."
      >
        <div className="mt-8">{access}</div>
      </PageHeader>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="text-lg font-semibold">What it does</h2>
          <CheckList className="mt-5" items={checklist} />
        </Card>

        <Card>
          <h2 className="text-lg font-semibold">Specification</h2>
          <table className="mt-4 w-full text-left text-sm">
            <caption className="sr-only">Vision Terminal specification</caption>
            <tbody>
              {specs.map(([label, value]) => (
                <tr key={label} className="border-b border-line/70 last:border-0">
                  <th scope="row" className="w-36 py-3 pr-4 align-top font-medium text-subtle">
                    {label}
                  </th>
                  <td className="py-3 text-fg">{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-4 text-xs leading-relaxed text-subtle">
            Accuracy and speed are shown only as measured by the project’s own benchmarks, with the benchmark’s name and
            date. Until a figure is measured, the table shows the target.
          </p>
        </Card>
      </div>
    </Page>
  );
}
