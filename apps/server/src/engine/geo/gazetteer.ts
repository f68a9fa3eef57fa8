/**
 * An authored gazetteer of named places in Miami-Dade County: municipality centres, neighbourhoods,
 * unincorporated places, beaches, islands, parks, streets and landmarks. Coordinates are WGS84 and were
 * written by hand from public knowledge of the places; the tests check every entry against the Census
 * TIGER place polygons and the Zillow neighbourhood polygons, so a wrong municipality cannot slip in.
 */
import { editDistance } from '../../lib/edit-distance';
import type { LatLng } from './geometry';

export const MUNICIPALITIES = [
  'Aventura',
  'Bal Harbour',
  'Bay Harbor Islands',
  'Biscayne Park',
  'Coral Gables',
  'Cutler Bay',
  'Doral',
  'El Portal',
  'Florida City',
  'Golden Beach',
  'Hialeah',
  'Hialeah Gardens',
  'Homestead',
  'Indian Creek',
  'Key Biscayne',
  'Medley',
  'Miami',
  'Miami Beach',
  'Miami Gardens',
  'Miami Lakes',
  'Miami Shores',
  'Miami Springs',
  'North Bay Village',
  'North Miami',
  'North Miami Beach',
  'Opa-locka',
  'Palmetto Bay',
  'Pinecrest',
  'South Miami',
  'Sunny Isles Beach',
  'Surfside',
  'Sweetwater',
  'Virginia Gardens',
  'West Miami',
] as const;

export type Municipality = (typeof MUNICIPALITIES)[number];
export const UNINCORPORATED = 'Unincorporated Miami-Dade' as const;
export type MunicipalityOrUnincorporated = Municipality | typeof UNINCORPORATED;

export type PlaceKind =
  | 'municipality-centre'
  | 'neighbourhood'
  | 'unincorporated-place'
  | 'landmark'
  | 'beach'
  | 'island'
  | 'park'
  | 'street'
  | 'shopping'
  | 'venue'
  | 'museum'
  | 'transport'
  | 'campus';

export interface GazetteerEntry {
  /** Stable kebab-case id. */
  id: string;
  name: string;
  kind: PlaceKind;
  position: LatLng;
  municipality: MunicipalityOrUnincorporated;
  /** Other names people write, English and Spanish; matched case- and accent-insensitively. */
  aliases: readonly string[];
}

type Row = [
  id: string,
  name: string,
  kind: PlaceKind,
  lat: number,
  lng: number,
  municipality: MunicipalityOrUnincorporated,
  aliases?: string[],
];

const U = UNINCORPORATED;

// Municipality centres: city hall or the historic downtown of each of the 34 municipalities.
// prettier-ignore
const MUNICIPALITY_CENTRES: Row[] = [
  ['aventura', 'Aventura', 'municipality-centre', 25.9565, -80.139, 'Aventura', ['City of Aventura']],
  ['bal-harbour', 'Bal Harbour', 'municipality-centre', 25.8905, -80.126, 'Bal Harbour', ['Bal Harbour Village']],
  ['bay-harbor-islands', 'Bay Harbor Islands', 'municipality-centre', 25.887, -80.133, 'Bay Harbor Islands', ['Bay Harbor']],
  ['biscayne-park', 'Biscayne Park', 'municipality-centre', 25.882, -80.181, 'Biscayne Park', ['Village of Biscayne Park']],
  ['coral-gables', 'Coral Gables', 'municipality-centre', 25.7496, -80.2621, 'Coral Gables', ['City Beautiful', 'The Gables']],
  ['cutler-bay', 'Cutler Bay', 'municipality-centre', 25.578, -80.34, 'Cutler Bay', ['Town of Cutler Bay', 'Cutler Ridge']],
  ['doral', 'Doral', 'municipality-centre', 25.8195, -80.3553, 'Doral', ['City of Doral']],
  ['el-portal', 'El Portal', 'municipality-centre', 25.855, -80.195, 'El Portal', ['Village of El Portal']],
  ['florida-city', 'Florida City', 'municipality-centre', 25.4479, -80.4792, 'Florida City', []],
  ['golden-beach', 'Golden Beach', 'municipality-centre', 25.965, -80.121, 'Golden Beach', ['Town of Golden Beach']],
  ['hialeah', 'Hialeah', 'municipality-centre', 25.8576, -80.2781, 'Hialeah', ['City of Hialeah']],
  ['hialeah-gardens', 'Hialeah Gardens', 'municipality-centre', 25.88, -80.355, 'Hialeah Gardens', []],
  ['homestead', 'Homestead', 'municipality-centre', 25.4687, -80.4776, 'Homestead', ['Downtown Homestead']],
  ['indian-creek', 'Indian Creek', 'municipality-centre', 25.8775, -80.1375, 'Indian Creek', ['Indian Creek Village', 'Indian Creek Island']],
  ['key-biscayne', 'Key Biscayne', 'municipality-centre', 25.6929, -80.1632, 'Key Biscayne', ['Village of Key Biscayne', 'Cayo Vizcaíno']],
  ['medley', 'Medley', 'municipality-centre', 25.864, -80.355, 'Medley', ['Town of Medley']],
  ['miami', 'Miami', 'municipality-centre', 25.7743, -80.1937, 'Miami', ['City of Miami', 'Ciudad de Miami']],
  ['miami-beach', 'Miami Beach', 'municipality-centre', 25.7907, -80.13, 'Miami Beach', ['City of Miami Beach', 'Miami Playa']],
  ['miami-gardens', 'Miami Gardens', 'municipality-centre', 25.944, -80.244, 'Miami Gardens', ['City of Miami Gardens']],
  ['miami-lakes', 'Miami Lakes', 'municipality-centre', 25.914, -80.3215, 'Miami Lakes', ['Town of Miami Lakes']],
  ['miami-shores', 'Miami Shores', 'municipality-centre', 25.867, -80.193, 'Miami Shores', ['Village of Miami Shores']],
  ['miami-springs', 'Miami Springs', 'municipality-centre', 25.822, -80.289, 'Miami Springs', ['City of Miami Springs']],
  ['north-bay-village', 'North Bay Village', 'municipality-centre', 25.849, -80.154, 'North Bay Village', ['Treasure Island']],
  ['north-miami', 'North Miami', 'municipality-centre', 25.891, -80.186, 'North Miami', ['City of North Miami']],
  ['north-miami-beach', 'North Miami Beach', 'municipality-centre', 25.93, -80.163, 'North Miami Beach', ['NMB']],
  ['opa-locka', 'Opa-locka', 'municipality-centre', 25.902, -80.25, 'Opa-locka', ['Opa locka', 'Opa-Locka City Hall']],
  ['palmetto-bay', 'Palmetto Bay', 'municipality-centre', 25.621, -80.324, 'Palmetto Bay', ['Village of Palmetto Bay']],
  ['pinecrest', 'Pinecrest', 'municipality-centre', 25.665, -80.305, 'Pinecrest', ['Village of Pinecrest']],
  ['south-miami', 'South Miami', 'municipality-centre', 25.705, -80.29, 'South Miami', ['City of South Miami', 'SoMi']],
  ['sunny-isles-beach', 'Sunny Isles Beach', 'municipality-centre', 25.941, -80.122, 'Sunny Isles Beach', ['Sunny Isles']],
  ['surfside', 'Surfside', 'municipality-centre', 25.879, -80.125, 'Surfside', ['Town of Surfside']],
  ['sweetwater', 'Sweetwater', 'municipality-centre', 25.7655, -80.3745, 'Sweetwater', ['City of Sweetwater']],
  ['virginia-gardens', 'Virginia Gardens', 'municipality-centre', 25.81, -80.299, 'Virginia Gardens', []],
  ['west-miami', 'West Miami', 'municipality-centre', 25.76, -80.296, 'West Miami', ['City of West Miami']],
];

// Neighbourhoods of the City of Miami; names match the Zillow polygons where one exists.
// prettier-ignore
const MIAMI_NEIGHBOURHOODS: Row[] = [
  ['downtown-miami', 'Downtown', 'neighbourhood', 25.7743, -80.1937, 'Miami', ['Downtown Miami', 'Centro de Miami', 'Miami downtown']],
  ['brickell', 'Brickell', 'neighbourhood', 25.7617, -80.1918, 'Miami', ['Brickell Avenue area', 'Financial District']],
  ['wynwood', 'Wynwood', 'neighbourhood', 25.801, -80.199, 'Miami', ['Wynwood Arts District']],
  ['little-havana', 'Little Havana', 'neighbourhood', 25.766, -80.215, 'Miami', ['La Pequeña Habana', 'Pequeña Habana']],
  ['overtown', 'Overtown', 'neighbourhood', 25.786, -80.2, 'Miami', ['Historic Overtown', 'Colored Town']],
  ['little-haiti', 'Little Haiti', 'neighbourhood', 25.83, -80.192, 'Miami', ['Ti Ayiti', 'Lemon City']],
  ['coconut-grove', 'Coconut Grove', 'neighbourhood', 25.728, -80.243, 'Miami', ['The Grove', 'CocoWalk']],
  ['allapattah', 'Allapattah', 'neighbourhood', 25.805, -80.215, 'Miami', []],
  ['edgewater', 'Edgewater', 'neighbourhood', 25.8, -80.188, 'Miami', []],
  ['midtown', 'Midtown', 'neighbourhood', 25.807, -80.193, 'Miami', ['Midtown Miami']],
  ['design-district', 'Design District', 'neighbourhood', 25.813, -80.193, 'Miami', ['Miami Design District']],
  ['upper-eastside', 'Upper Eastside', 'neighbourhood', 25.84, -80.185, 'Miami', ['Upper East Side', 'MiMo District', 'MiMo']],
  ['flagami', 'Flagami', 'neighbourhood', 25.775, -80.285, 'Miami', []],
  ['model-city', 'Model City', 'neighbourhood', 25.835, -80.215, 'Miami', ['Liberty City']],
  ['coral-way', 'Coral Way', 'neighbourhood', 25.752, -80.23, 'Miami', []],
  ['west-flagler', 'West Flagler', 'neighbourhood', 25.776, -80.25, 'Miami', []],
  ['north-coconut-grove', 'North Coconut Grove', 'neighbourhood', 25.742, -80.225, 'Miami', []],
  ['south-coconut-grove', 'South Coconut Grove', 'neighbourhood', 25.722, -80.252, 'Miami', []],
  ['shenandoah', 'Shenandoah', 'neighbourhood', 25.756, -80.215, 'Miami', []],
  ['the-roads', 'The Roads', 'neighbourhood', 25.754, -80.2, 'Miami', []],
  ['park-west', 'Park West', 'neighbourhood', 25.786, -80.192, 'Miami', ['Arts & Entertainment District']],
  ['omni', 'Omni', 'neighbourhood', 25.792, -80.189, 'Miami', []],
  ['buena-vista', 'Buena Vista', 'neighbourhood', 25.817, -80.197, 'Miami', []],
  ['morningside', 'Morningside', 'neighbourhood', 25.828, -80.182, 'Miami', []],
  ['grapeland-heights', 'Grapeland Heights', 'neighbourhood', 25.795, -80.25, 'Miami', []],
  ['brickell-key', 'Brickell Key', 'island', 25.768, -80.186, 'Miami', ['Claughton Island']],
  ['watson-island', 'Watson Island', 'island', 25.785, -80.174, 'Miami', ['Isla Watson']],
  ['virginia-key', 'Virginia Key', 'island', 25.738, -80.16, 'Miami', ['Cayo Virginia']],
  ['dodge-island', 'Dodge Island', 'island', 25.7781, -80.17, 'Miami', []],
];

// prettier-ignore
const MIAMI_BEACH_PLACES: Row[] = [
  ['south-beach', 'South Beach', 'neighbourhood', 25.7826, -80.134, 'Miami Beach', ['SoBe', 'Art Deco District']],
  ['mid-beach', 'Mid-Beach', 'neighbourhood', 25.815, -80.125, 'Miami Beach', ['Middle Beach']],
  ['north-beach', 'North Beach', 'neighbourhood', 25.855, -80.122, 'Miami Beach', []],
  ['star-island', 'Star Island', 'island', 25.7773, -80.151, 'Miami Beach', ['Isla Estrella']],
  ['palm-island', 'Palm Island', 'island', 25.7795, -80.158, 'Miami Beach', []],
  ['hibiscus-island', 'Hibiscus Island', 'island', 25.783, -80.155, 'Miami Beach', []],
  ['south-pointe', 'South Pointe Park', 'park', 25.7659, -80.134, 'Miami Beach', ['South Pointe', 'South Pointe Pier']],
  ['lincoln-road', 'Lincoln Road', 'street', 25.7906, -80.139, 'Miami Beach', ['Lincoln Road Mall', 'Lincoln Rd']],
  ['ocean-drive', 'Ocean Drive', 'street', 25.78, -80.1305, 'Miami Beach', []],
  ['espanola-way', 'Española Way', 'street', 25.7866, -80.1325, 'Miami Beach', ['Espanola Way']],
  ['lummus-park', 'Lummus Park', 'beach', 25.781, -80.13, 'Miami Beach', ['Lummus Park Beach']],
  ['miami-beach-convention-center', 'Miami Beach Convention Center', 'venue', 25.7953, -80.134, 'Miami Beach', []],
  ['fontainebleau-hotel', 'Fontainebleau Miami Beach', 'landmark', 25.818, -80.122, 'Miami Beach', ['Fontainebleau Hotel']],
  ['holocaust-memorial', 'Holocaust Memorial Miami Beach', 'landmark', 25.796, -80.137, 'Miami Beach', ['Holocaust Memorial']],
  ['bass-museum', 'The Bass', 'museum', 25.7995, -80.1305, 'Miami Beach', ['Bass Museum of Art']],
  ['collins-avenue', 'Collins Avenue', 'street', 25.815, -80.1225, 'Miami Beach', ['Collins Ave']],
  ['venetian-islands', 'Venetian Islands', 'island', 25.7905, -80.16, 'Miami Beach', ['Venetian Causeway', 'Di Lido Island']],
  ['new-world-center', 'New World Center', 'venue', 25.7926, -80.1329, 'Miami Beach', ['New World Symphony', 'SoundScape Park']],
  ['fillmore-miami-beach', 'The Fillmore Miami Beach', 'venue', 25.7922, -80.1316, 'Miami Beach', ['Fillmore Miami Beach', 'Jackie Gleason Theater', 'Jackie Gleason Theatre']],
  ['colony-theatre', 'Colony Theatre', 'venue', 25.7905, -80.1405, 'Miami Beach', ['Colony Theater']],
  ['wolfsonian', 'The Wolfsonian', 'museum', 25.78, -80.1334, 'Miami Beach', ['Wolfsonian', 'Wolfsonian-FIU', 'Wolfsonian FIU']],
  // The Art Deco hotels of Ocean Drive, whose neon names are the street's best-known photographs: each on its block
  // between the cross streets (5th Street at about 25.774, a block about 0.0013° of latitude), on the west side,
  // facing the beach, at about -80.1305. Names a sign writes alone are aliases only where no ordinary word is:
  // "Cardozo" and "Park Central", not "Colony", "Avalon", "Breakwater" or "The Tides".
  ['park-central-hotel', 'Park Central Hotel', 'landmark', 25.7762, -80.1312, 'Miami Beach', ['The Park Central', 'Park Central']],
  ['avalon-hotel', 'Avalon Hotel', 'landmark', 25.7768, -80.131, 'Miami Beach', []],
  ['colony-hotel', 'Colony Hotel', 'landmark', 25.7772, -80.1309, 'Miami Beach', ['The Colony Hotel']],
  ['breakwater-hotel', 'Breakwater Hotel', 'landmark', 25.7798, -80.1305, 'Miami Beach', ['Breakwater South Beach']],
  ['clevelander', 'Clevelander', 'landmark', 25.781, -80.1303, 'Miami Beach', ['Clevelander South Beach', 'Clevelander Hotel']],
  ['versace-mansion', 'Villa Casa Casuarina', 'landmark', 25.7818, -80.1302, 'Miami Beach', ['Casa Casuarina', 'Versace Mansion', 'The Villa Casa Casuarina']],
  ['tides-hotel', 'The Tides South Beach', 'landmark', 25.7836, -80.13, 'Miami Beach', ['Tides Hotel', 'The Tides Hotel']],
  ['carlyle-hotel', 'The Carlyle', 'landmark', 25.7839, -80.13, 'Miami Beach', ['Carlyle Hotel', 'The Carlyle Hotel']],
  ['cardozo-hotel', 'Cardozo Hotel', 'landmark', 25.7846, -80.1299, 'Miami Beach', ['Cardozo South Beach', 'The Cardozo', 'Cardozo']],
];

// prettier-ignore
const UNINCORPORATED_PLACES: Row[] = [
  ['kendall', 'Kendall', 'unincorporated-place', 25.675, -80.355, U, []],
  ['westchester', 'Westchester', 'unincorporated-place', 25.748, -80.334, U, []],
  ['tamiami', 'Tamiami', 'unincorporated-place', 25.756, -80.402, U, []],
  ['fontainebleau', 'Fontainebleau', 'unincorporated-place', 25.772, -80.345, U, ['Fountainebleau']],
  ['kendale-lakes', 'Kendale Lakes', 'unincorporated-place', 25.707, -80.412, U, []],
  ['kendall-west', 'Kendall West', 'unincorporated-place', 25.707, -80.44, U, []],
  ['the-hammocks', 'The Hammocks', 'unincorporated-place', 25.67, -80.445, U, ['Hammocks']],
  ['country-walk', 'Country Walk', 'unincorporated-place', 25.634, -80.435, U, []],
  ['richmond-heights', 'Richmond Heights', 'unincorporated-place', 25.633, -80.371, U, []],
  ['palmetto-estates', 'Palmetto Estates', 'unincorporated-place', 25.623, -80.36, U, []],
  ['west-perrine', 'West Perrine', 'unincorporated-place', 25.606, -80.364, U, []],
  ['south-miami-heights', 'South Miami Heights', 'unincorporated-place', 25.588, -80.386, U, []],
  ['goulds', 'Goulds', 'unincorporated-place', 25.561, -80.388, U, []],
  ['princeton', 'Princeton', 'unincorporated-place', 25.54, -80.4, U, []],
  ['naranja', 'Naranja', 'unincorporated-place', 25.516, -80.422, U, []],
  ['leisure-city', 'Leisure City', 'unincorporated-place', 25.494, -80.438, U, []],
  ['redland', 'Redland', 'unincorporated-place', 25.55, -80.5, U, ['The Redland', 'Redlands']],
  ['olympia-heights', 'Olympia Heights', 'unincorporated-place', 25.728, -80.339, U, []],
  ['coral-terrace', 'Coral Terrace', 'unincorporated-place', 25.746, -80.3045, U, []],
  ['glenvar-heights', 'Glenvar Heights', 'unincorporated-place', 25.709, -80.316, U, []],
  ['sunset', 'Sunset', 'unincorporated-place', 25.706, -80.352, U, []],
  ['westwood-lakes', 'Westwood Lakes', 'unincorporated-place', 25.725, -80.369, U, []],
  ['university-park', 'University Park', 'unincorporated-place', 25.75, -80.371, U, []],
  ['three-lakes', 'Three Lakes', 'unincorporated-place', 25.643, -80.4, U, []],
  ['the-crossings', 'The Crossings', 'unincorporated-place', 25.67, -80.401, U, []],
  ['richmond-west', 'Richmond West', 'unincorporated-place', 25.609, -80.43, U, []],
  ['brownsville', 'Brownsville', 'unincorporated-place', 25.8215, -80.242, U, []],
  ['gladeview', 'Gladeview', 'unincorporated-place', 25.84, -80.239, U, []],
  ['west-little-river', 'West Little River', 'unincorporated-place', 25.857, -80.237, U, []],
  ['pinewood', 'Pinewood', 'unincorporated-place', 25.869, -80.217, U, []],
  ['westview', 'Westview', 'unincorporated-place', 25.882, -80.242, U, []],
  ['golden-glades', 'Golden Glades', 'unincorporated-place', 25.913, -80.2, U, []],
  ['ojus', 'Ojus', 'unincorporated-place', 25.955, -80.171, U, []],
  ['ives-estates', 'Ives Estates', 'unincorporated-place', 25.963, -80.183, U, []],
  ['country-club', 'Country Club', 'unincorporated-place', 25.94, -80.309, U, []],
  ['palm-springs-north', 'Palm Springs North', 'unincorporated-place', 25.934, -80.331, U, []],
  ['fisher-island', 'Fisher Island', 'island', 25.7603, -80.142, U, ['Isla Fisher']],
  ['homestead-base', 'Homestead Air Reserve Base', 'transport', 25.488, -80.384, U, ['Homestead Base', 'Homestead ARB']],
];

// prettier-ignore
const BEACHES_AND_PARKS: Row[] = [
  ['cape-florida', 'Bill Baggs Cape Florida State Park', 'park', 25.6665, -80.1557, U, ['Cape Florida', 'Cape Florida Lighthouse', 'Faro de Cabo Florida', 'Bill Baggs']],
  ['crandon-park', 'Crandon Park', 'beach', 25.717, -80.154, U, ['Crandon Park Beach', 'Crandon Beach']],
  ['haulover-beach', 'Haulover Beach', 'beach', 25.903, -80.12, U, ['Haulover Park', 'Haulover Inlet']],
  ['sunny-isles-pier', 'Newport Fishing Pier', 'beach', 25.931, -80.1195, 'Sunny Isles Beach', ['Sunny Isles Pier']],
  ['virginia-key-beach', 'Historic Virginia Key Beach Park', 'beach', 25.7395, -80.149, 'Miami', ['Virginia Key Beach']],
  ['matheson-hammock', 'Matheson Hammock Park', 'park', 25.68, -80.2715, 'Coral Gables', ['Matheson Hammock']],
  ['bayfront-park', 'Bayfront Park', 'park', 25.775, -80.186, 'Miami', ['Parque Bayfront']],
  ['museum-park', 'Maurice A. Ferré Park', 'park', 25.7855, -80.1865, 'Miami', ['Museum Park']],
  ['margaret-pace-park', 'Margaret Pace Park', 'park', 25.793, -80.186, 'Miami', []],
  ['domino-park', 'Máximo Gómez Park', 'park', 25.7656, -80.2196, 'Miami', ['Domino Park', 'Parque del Dominó', 'Maximo Gomez Park']],
  ['tropical-park', 'Tropical Park', 'park', 25.733, -80.323, U, []],
  ['pinecrest-gardens', 'Pinecrest Gardens', 'park', 25.6672, -80.2872, 'Pinecrest', []],
  ['tamiami-park', 'Tamiami Park', 'park', 25.753, -80.369, U, []],
  ['kendall-indian-hammocks', 'Kendall Indian Hammocks Park', 'park', 25.686, -80.38, U, []],
  ['larry-penny-thompson', 'Larry and Penny Thompson Park', 'park', 25.6, -80.401, U, []],
  ['oleta-river', 'Oleta River State Park', 'park', 25.92, -80.137, 'North Miami', ['Oleta River']],
  ['black-point-marina', 'Black Point Park and Marina', 'park', 25.54, -80.327, U, ['Black Point Marina']],
  ['homestead-bayfront-park', 'Homestead Bayfront Park', 'beach', 25.4625, -80.338, U, []],
  ['fairchild-garden', 'Fairchild Tropical Botanic Garden', 'park', 25.6765, -80.2733, 'Coral Gables', ['Fairchild Garden', 'Fairchild Botanic Garden', 'Jardín Botánico Fairchild']],
  ['venetian-pool', 'Venetian Pool', 'landmark', 25.7467, -80.2712, 'Coral Gables', ['Piscina Veneciana']],
  ['everglades-entrance', 'Everglades National Park Entrance', 'park', 25.3957, -80.5833, U, ['Ernest F. Coe Visitor Center', 'Everglades entrance', 'Everglades National Park', 'Parque Nacional Everglades']],
  ['shark-valley', 'Shark Valley', 'park', 25.7576, -80.7663, U, ['Shark Valley Visitor Center']],
  ['amelia-earhart-park', 'Amelia Earhart Park', 'park', 25.876, -80.287, 'Hialeah', []],
  ['deering-estate', 'Deering Estate', 'landmark', 25.6155, -80.3075, 'Palmetto Bay', ['Charles Deering Estate']],
];

// prettier-ignore
const LANDMARKS: Row[] = [
  ['ancient-spanish-monastery', 'Ancient Spanish Monastery', 'landmark', 25.9305, -80.1617, 'North Miami Beach', [ 'Monastery of St. Bernard de Clairvaux', 'Monasterio Español', 'Spanish Monastery', 'St. Bernard de Clairvaux Church', ]],
  ['biltmore-hotel', 'Biltmore Hotel', 'landmark', 25.7214, -80.2793, 'Coral Gables', ['The Biltmore', 'Miami Biltmore', 'Hotel Biltmore']],
  ['vizcaya', 'Vizcaya Museum and Gardens', 'museum', 25.7443, -80.2106, 'Miami', ['Vizcaya', 'Villa Vizcaya']],
  ['freedom-tower', 'Freedom Tower', 'landmark', 25.7797, -80.1896, 'Miami', ['Torre de la Libertad']],
  ['kaseya-center', 'Kaseya Center', 'venue', 25.7814, -80.187, 'Miami', ['FTX Arena', 'American Airlines Arena', 'Miami-Dade Arena']],
  ['loandepot-park', 'loanDepot park', 'venue', 25.7781, -80.2196, 'Miami', ['Marlins Park', 'Marlins Stadium', 'Orange Bowl site']],
  ['hard-rock-stadium', 'Hard Rock Stadium', 'venue', 25.958, -80.2389, 'Miami Gardens', ['Sun Life Stadium', 'Dolphin Stadium', 'Estadio Hard Rock']],
  ['zoo-miami', 'Zoo Miami', 'landmark', 25.611, -80.398, U, ['Miami Metrozoo', 'Metrozoo', 'Zoológico de Miami']],
  ['perez-art-museum', 'Pérez Art Museum Miami', 'museum', 25.7859, -80.1864, 'Miami', ['PAMM', 'Perez Art Museum', 'Miami Art Museum']],
  ['frost-science', 'Phillip and Patricia Frost Museum of Science', 'museum', 25.7853, -80.188, 'Miami', ['Frost Science', 'Frost Museum']],
  // Census TIGER leaves the county-owned south side of Virginia Key (Seaquarium) outside the City of Miami.
  ['miami-seaquarium', 'Miami Seaquarium', 'landmark', 25.7346, -80.1651, U, ['Seaquarium']],
  ['dolphin-mall', 'Dolphin Mall', 'shopping', 25.7877, -80.3806, 'Sweetwater', []],
  ['dadeland-mall', 'Dadeland Mall', 'shopping', 25.6898, -80.313, U, ['Dadeland']],
  ['bal-harbour-shops', 'Bal Harbour Shops', 'shopping', 25.8884, -80.125, 'Bal Harbour', []],
  ['aventura-mall', 'Aventura Mall', 'shopping', 25.9565, -80.1425, 'Aventura', []],
  ['miami-international-airport', 'Miami International Airport', 'transport', 25.7959, -80.287, U, ['MIA', 'Aeropuerto Internacional de Miami']],
  ['port-of-miami', 'PortMiami', 'transport', 25.7781, -80.168, 'Miami', ['Port of Miami', 'Puerto de Miami', 'cruise terminal']],
  ['calle-ocho', 'Calle Ocho', 'street', 25.7655, -80.2175, 'Miami', ['SW 8th Street', 'Southwest 8th Street', 'Tamiami Trail']],
  ['wynwood-walls', 'Wynwood Walls', 'landmark', 25.801, -80.1994, 'Miami', []],
  ['homestead-miami-speedway', 'Homestead-Miami Speedway', 'venue', 25.4516, -80.4088, 'Homestead', ['Homestead Speedway']],
  ['bayside-marketplace', 'Bayside Marketplace', 'shopping', 25.7785, -80.1868, 'Miami', ['Bayside']],
  ['brickell-city-centre', 'Brickell City Centre', 'shopping', 25.767, -80.193, 'Miami', []],
  ['adrienne-arsht-center', 'Adrienne Arsht Center', 'venue', 25.7878, -80.1898, 'Miami', ['Arsht Center', 'Carnival Center']],
  ['olympia-theater', 'Olympia Theater', 'venue', 25.7743, -80.1903, 'Miami', ['Olympia Theatre', 'Gusman Center', 'Gusman Center for the Performing Arts']],
  // Only its whole name: "HistoryMiami" alone is two letters from "history of Miami", which markers and plaques write.
  ['historymiami', 'HistoryMiami Museum', 'museum', 25.7743, -80.1962, 'Miami', []],
  ['miami-childrens-museum', "Miami Children's Museum", 'museum', 25.7848, -80.1773, 'Miami', ['Miami Childrens Museum']],
  ['miami-tower', 'Miami Tower', 'landmark', 25.7739, -80.1915, 'Miami', ['Bank of America Tower', 'International Place']],
  ['government-center', 'Stephen P. Clark Government Center', 'landmark', 25.776, -80.196, 'Miami', ['Government Center']],
  ['miami-city-hall', 'Miami City Hall', 'landmark', 25.7275, -80.2339, 'Miami', ['Dinner Key', 'Pan Am Seaplane Base']],
  ['dinner-key-marina', 'Dinner Key Marina', 'park', 25.7265, -80.2315, 'Miami', []],
  ['cocowalk', 'CocoWalk', 'shopping', 25.728, -80.242, 'Miami', []],
  ['jungle-island', 'Jungle Island', 'landmark', 25.785, -80.173, 'Miami', ['Parrot Jungle Island']],
  ['miami-marine-stadium', 'Miami Marine Stadium', 'venue', 25.743, -80.169, 'Miami', []],
  ['jackson-memorial', 'Jackson Memorial Hospital', 'landmark', 25.79, -80.211, 'Miami', ['Jackson Health']],
  ['tower-theater', 'Tower Theater', 'landmark', 25.7656, -80.2185, 'Miami', ['Tower Theater Miami']],
  ['versailles-restaurant', 'Versailles Restaurant', 'landmark', 25.7652, -80.253, 'Miami', ['Versailles', 'Restaurante Versailles']],
  ['ermita-de-la-caridad', 'Ermita de la Caridad', 'landmark', 25.7315, -80.2285, 'Miami', ['Shrine of Our Lady of Charity']],
  ['miracle-mile', 'Miracle Mile', 'street', 25.7497, -80.259, 'Coral Gables', ['Coral Way in Coral Gables']],
  ['university-of-miami', 'University of Miami', 'campus', 25.72, -80.279, 'Coral Gables', ['UM', 'U Miami', 'Universidad de Miami']],
  ['fiu', 'Florida International University', 'campus', 25.7563, -80.3739, U, ['FIU', 'FIU Modesto Maidique Campus']],
  ['miami-dade-college-wolfson', 'Miami Dade College Wolfson Campus', 'campus', 25.777, -80.191, 'Miami', ['MDC Wolfson']],
  ['coral-castle', 'Coral Castle', 'landmark', 25.5003, -80.4448, U, ['Castillo de Coral']],
  ['fruit-and-spice-park', 'Fruit and Spice Park', 'park', 25.5205, -80.4985, U, []],
  ['monkey-jungle', 'Monkey Jungle', 'landmark', 25.5667, -80.4345, U, []],
  ['miami-executive-airport', 'Miami Executive Airport', 'transport', 25.6479, -80.4328, U, ['Kendall-Tamiami Airport', 'Tamiami Airport']],
  ['opa-locka-airport', 'Miami-Opa Locka Executive Airport', 'transport', 25.907, -80.278, U, ['Opa-locka Airport']],
  ['hialeah-park', 'Hialeah Park', 'venue', 25.8435, -80.2625, 'Hialeah', ['Hialeah Park Race Track', 'Hialeah Racetrack']],
  ['miami-springs-golf', 'Miami Springs Golf Course', 'park', 25.8175, -80.2825, 'Miami Springs', []],
  ['brickell-avenue', 'Brickell Avenue', 'street', 25.76, -80.1922, 'Miami', ['Brickell Ave']],
  ['biscayne-boulevard', 'Biscayne Boulevard', 'street', 25.79, -80.1885, 'Miami', ['Biscayne Blvd']],
  ['flagler-street', 'Flagler Street', 'street', 25.7743, -80.196, 'Miami', ['Flagler St', 'West Flagler Street']],
  ['main-highway', 'Main Highway', 'street', 25.7265, -80.2425, 'Miami', []],
  ['rickenbacker-causeway', 'Rickenbacker Causeway', 'street', 25.7475, -80.1765, 'Miami', []],
  ['village-of-merrick-park', 'Village of Merrick Park', 'shopping', 25.73, -80.2615, 'Coral Gables', ['Merrick Park']],
  ['the-falls', 'The Falls', 'shopping', 25.656, -80.318, 'Pinecrest', ['The Falls shopping center']],
  ['miami-international-mall', 'Miami International Mall', 'shopping', 25.7905, -80.3425, 'Doral', []],
  ['trump-national-doral', 'Trump National Doral', 'landmark', 25.8125, -80.338, 'Doral', ['Doral Golf Resort', 'Blue Monster']],
  ['bal-harbour-beach', 'Bal Harbour Beach', 'beach', 25.895, -80.1205, 'Bal Harbour', []],
  ['surfside-beach', 'Surfside Beach', 'beach', 25.8775, -80.12, 'Surfside', []],
  ['key-biscayne-beach', 'Key Biscayne Beach', 'beach', 25.6935, -80.157, 'Key Biscayne', []],
];

// prettier-ignore
const ROWS: Row[] = [
  ...MUNICIPALITY_CENTRES,
  ...MIAMI_NEIGHBOURHOODS,
  ...MIAMI_BEACH_PLACES,
  ...UNINCORPORATED_PLACES,
  ...BEACHES_AND_PARKS,
  ...LANDMARKS,
];

export const GAZETTEER: readonly GazetteerEntry[] = Object.freeze(
  ROWS.map(([id, name, kind, lat, lng, municipality, aliases]) =>
    Object.freeze({
      id,
      name,
      kind,
      position: Object.freeze({ lat, lng }),
      municipality,
      aliases: Object.freeze(aliases ?? []),
    }),
  ),
);

const BY_ID = new Map(GAZETTEER.map((e) => [e.id, e]));

export function getPlace(id: string): GazetteerEntry | undefined {
  return BY_ID.get(id);
}

/** Lower case, accents removed, punctuation to spaces: "Pérez Art-Museum" → "perez art museum". */
export function normaliseName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

interface NameKey {
  key: string;
  entry: GazetteerEntry;
}

// Longest names first so "North Miami Beach" wins over "Miami Beach" and "Miami".
const NAME_KEYS: NameKey[] = GAZETTEER.flatMap((entry) =>
  [entry.name, ...entry.aliases].map((n) => ({ key: normaliseName(n), entry })),
)
  .filter((k) => k.key.length >= 2)
  .sort((a, b) => b.key.length - a.key.length);

const EXACT = new Map<string, GazetteerEntry>();
for (const k of [...NAME_KEYS].reverse()) EXACT.set(k.key, k.entry);

/** The entry whose name or alias equals the text (after normalising), if any. */
export function findPlaceByName(name: string): GazetteerEntry | undefined {
  return EXACT.get(normaliseName(name));
}

export interface PlaceMention {
  entry: GazetteerEntry;
  /** The normalised name that matched. */
  matched: string;
  /** Offset of the match in the normalised text. */
  index: number;
  /** Letters changed, missing or extra between the name and the text (absent: matched word for word). */
  edits?: number;
}

// Short all-caps aliases like "UM" or "MIA" would match ordinary words once lower-cased.
const MIN_MENTION_LENGTH = 4;

/**
 * Every gazetteer name mentioned in free text, longest first and without overlaps, in the order they
 * appear. Municipality-only words like "Miami" are found too; callers rank by kind.
 */
export function findPlacesInText(text: string, opts: { tolerant?: boolean } = {}): PlaceMention[] {
  const exact = findExact(text);
  if (!opts.tolerant) return exact;
  // Longest names first, as in exact matching ("MIAMI SEAQUARIUMM" is the Seaquarium, not Miami), then fewest edits.
  const all = [...exact, ...findTolerant(text)].sort(
    (a, b) => b.matched.length - a.matched.length || (a.edits ?? 0) - (b.edits ?? 0),
  );
  const kept: PlaceMention[] = [];
  for (const m of all)
    if (!kept.some((k) => m.index < k.index + k.matched.length && m.index + m.matched.length > k.index)) kept.push(m);
  return kept.sort((a, b) => a.index - b.index);
}

function findExact(text: string): PlaceMention[] {
  const norm = ` ${normaliseName(text)} `;
  const taken: Array<[number, number]> = [];
  const found: PlaceMention[] = [];
  for (const { key, entry } of NAME_KEYS) {
    if (key.length < MIN_MENTION_LENGTH) continue;
    let from = 0;
    for (;;) {
      const at = norm.indexOf(` ${key} `, from);
      if (at < 0) break;
      const start = at + 1;
      const end = start + key.length;
      from = start;
      if (taken.some(([s, e]) => start < e && end > s)) continue;
      taken.push([start, end]);
      found.push({ entry, matched: key, index: start - 1 });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

/**
 * How many letters an OCR reading of a name may get wrong, by the name's length without spaces: none below 7
 * letters (short words collide with ordinary ones), then 1, 2 from 12 and 3 from 20 ("MAMINTERNATIONAL AIRPORT"
 * is two letters off "Miami International Airport"). bench/text/gazetteer-false-matches.ts measures what this costs
 * on unrelated text.
 */
export function allowedEdits(compactLength: number): number {
  return compactLength < 7 ? 0 : compactLength < 12 ? 1 : compactLength < 20 ? 2 : 3;
}

/**
 * The words that tell one street or place from another of the same name: a direction ("northwest" or "southwest",
 * "nw" or "sw"; a lone letter only as a name's first word, so the possessive "s" of "Children's" is none) and a number
 * ("8th"). A reading of such a word that is another direction, or another number, is another name, however close the
 * rest of it: "NW 8TH STREET" and "SW 9TH STREET" are not Southwest 8th Street.
 */
const DIRECTION_WORDS = [
  ...['n', 's', 'e', 'w', 'nw', 'sw', 'ne', 'se', 'north', 'south', 'east', 'west'],
  ...['northwest', 'southwest', 'northeast', 'southeast'],
];

/**
 * Words that name a kind of place, not a place: what is left of a name beside a word read as another is no evidence of
 * the place when it is only these ("JOHNSON MEMORIAL HOSPITAL", "NIAMEY INTERNATIONAL AIRPORT").
 */
const GENERIC_WORDS = new Set(
  (
    'the of and at international airport memorial hospital university college school center centre park beach ' +
    'island isles key museum art hotel resort avenue ave street st road rd drive dr boulevard blvd way trail ' +
    'causeway lake lakes garden gardens village city town station stadium arena mall plaza market marketplace shops ' +
    'bay point heights springs shores estates square theater theatre hall house club tower towers church ' +
    'national state county regional historic zoo aquarium library medical north south east west'
  ).split(' '),
);

type NameWord = {
  letters: number;
  /** The direction this word is, if it is one. */
  direction?: string;
  /** The digits of a number word ("28" of "28th"), and its ordinal ("th"). */
  digits?: string;
  ordinal?: string;
  generic: boolean;
};

/** A key's words as the matching sees them: how many of its letters each has (after a cut), and what each tells. */
function nameWords(words: string[], letters: number[]): NameWord[] {
  return words.map((w, i) => ({
    letters: letters[i]!,
    ...(DIRECTION_WORDS.includes(w) && (w.length > 1 || i === 0) ? { direction: w } : {}),
    ...(/^\d/.test(w) ? { digits: /^\d+/.exec(w)![0], ordinal: /^\d+([a-z]*)/.exec(w)![1] } : {}),
    generic: GENERIC_WORDS.has(w),
  }));
}

/**
 * Glyphs a scene-text reader takes for one another (0 and O, 1 and l and I, 5 and S, 8 and B, E and F…), in groups:
 * a reading that differs from a name only by these is the name misread, not another name.
 */
const CONFUSABLE = ['o0qd', 'il1jt', 's5', 'b8', 'e3f', 'z2', 'g9', 'uv', 'mn', 'hn', 'ce'];
const confusable = (a: string, b: string) => a === b || CONFUSABLE.some((g) => g.includes(a) && g.includes(b));
/** Thin glyphs a reader drops or adds at the edge of a stroke. */
const THIN = new Set(['i', 'l', '1', 'j', 't']);
/** A direction as read, its look-alike glyphs folded to letters ("S0UTH" is south, "5W" is sw, "VV" is w). */
const foldLetters = (t: string) =>
  t.replace(/vv/g, 'w').replace(/0/g, 'o').replace(/[1l]/g, 'i').replace(/5/g, 's').replace(/3/g, 'e');
/** A number as read, its look-alike letters folded to digits ("BTH" is 8th). */
const foldDigits = (t: string) =>
  t
    .replace(/[oqd]/g, '0')
    .replace(/[il]/g, '1')
    .replace(/s/g, '5')
    .replace(/b/g, '8')
    .replace(/z/g, '2')
    .replace(/g/g, '9');

// Names long enough to be matched tolerantly, with their letters only (OCR drops and adds spaces freely).
// A leading "the" is no evidence ("The Bass" vs "the base"): the length that earns tolerance is counted without it.
// Names of two words or more too short for that are matched letter for letter with their spaces dropped: the scene
// reader reads "U MIAMI" on a campus sign as "UMIAMI", a word no other text writes.
const TOLERANT_KEYS = NAME_KEYS.map((k) => ({ ...k, compact: k.key.replace(/ /g, '') }))
  .map((k) => ({ ...k, limit: allowedEdits(k.key.replace(/^the /, '').replace(/ /g, '').length) }))
  .filter((k) => k.limit > 0 || (k.key.includes(' ') && k.compact.length >= 6));

/**
 * Names whose first or last word is cut: a pole, a tree or another sign in front of a building's name hides its first
 * letters, or its last ("ECREST GARDENS" of Pinecrest Gardens behind a stop sign), and the reader returns what it
 * sees. Up to three letters of a name of two words or more may be missing from its first word's start or its last
 * word's end, where that word is 7 letters or more and 6 or more of it are left (and read, where the reading kept the
 * word's space), the other words have 5 letters or more between them, and the letter where the name is cut is read as
 * it is, with nothing glued to it (the table may not drop it, read it as another or put a letter before it: that would
 * be a fourth letter missing). What is read is then most of a long word that no other text writes, beside more of the
 * name ("CREST GARDENS", "LEAH GARDENS" and "PANOLA WAY" do not count). Each missing letter counts as a letter off the
 * name, and the rest may be one letter off at most (none when fewer than 12 letters are left). Only the cuts that the
 * whole name's own allowance does not already cover are kept.
 */
const SEEN_CUTS = new Set<string>();
const CUT_KEYS = NAME_KEYS.flatMap((k) => {
  const words = k.key.replace(/^the /, '').split(' ');
  if (words.length < 2) return [];
  const first = words[0]!;
  const last = words[words.length - 1]!;
  const compact = words.join('');
  // The cuts the whole name's key already covers. A name with "the" keeps all of them: its whole key has the letters
  // of "the", which a text that has lost its first letters does not.
  const whole = k.key.startsWith('the ') ? 0 : allowedEdits(compact.length);
  const variants: Array<{ compact: string; cut: number; side: 'start' | 'end' }> = [];
  const lengths = words.map((w) => w.length);
  // A direction's or a number's letters tell one name from another: what is left of a cut one tells nothing.
  const named = nameWords(words, lengths);
  const telling = (w: NameWord) => Boolean(w.direction || w.digits);
  for (let cut = 1; cut <= 3; cut++) {
    if (!telling(named[0]!) && first.length >= 7 && first.length - cut >= 6 && compact.length - first.length >= 5)
      variants.push({ compact: compact.slice(cut), cut, side: 'start' });
    if (
      !telling(named[named.length - 1]!) &&
      last.length >= 7 &&
      last.length - cut >= 6 &&
      compact.length - last.length >= 5
    )
      variants.push({ compact: compact.slice(0, -cut), cut, side: 'end' });
  }
  const cutWords = (cut: number, side: 'start' | 'end') =>
    side === 'start'
      ? [lengths[0]! - cut, ...lengths.slice(1)]
      : [...lengths.slice(0, -1), lengths[lengths.length - 1]! - cut];
  return variants
    .map((v) => ({
      entry: k.entry,
      compact: v.compact,
      cut: v.cut,
      side: v.side,
      keyLength: compact.length,
      words: nameWords(words, cutWords(v.cut, v.side)),
    }))
    .map((v) => ({ ...v, limit: Math.min(1, Math.max(0, allowedEdits(v.compact.length) - 1)) }))
    .filter((v) => v.cut + v.limit > whole);
}).filter((v) => {
  // Aliases that normalise alike ("Española Way", "Espanola Way") make the same cut once.
  const id = `${v.entry.id}|${v.side}|${v.compact}`;
  if (SEEN_CUTS.has(id)) return false;
  SEEN_CUTS.add(id);
  return true;
});

/**
 * Every key the tolerant matching tries, with its letters cut into `limit + 1` pieces: a match within `limit` edits
 * has one of them letter for letter (an edit breaks one piece at most), so a text with none of them is not searched.
 */
const MATCH_KEYS = [
  ...TOLERANT_KEYS.map((k) => {
    const words = k.key.split(' ');
    return {
      ...k,
      cut: 0,
      side: null,
      keyLength: k.compact.length,
      words: nameWords(
        words,
        words.map((w) => w.length),
      ),
    };
  }),
  // A cut name competes as the whole name: its length is the name's.
  ...CUT_KEYS,
].map((k) => ({ ...k, pieces: pieces(k.compact, k.limit) }));

/**
 * Whether the letters a reading has wrong make another name rather than this one misread. The name's letters are
 * aligned with the reading's, and each word judged on what was read for it:
 * - a direction read as another direction (or as close to one), or a number read with other digits, is another
 *   street ("NW 8TH STREET", "SOUTHWEST 28TH STREET"); "S0UTH BEACH", "SOUTHWEST 8 STREET" and "SW BTH STREET" are not;
 * - another word read as a word of its own (the reading's spaces where the name's are) with more letters wrong than
 *   it earns alone (one, more from 12 letters), beside the rest of the name read right, is most often another word:
 *   "CLEVELAND HOTEL" is no Clevelander Hotel, "PLEASURE ISLAND" no Treasure Island, "NICKELL AVENUE" no Brickell
 *   Avenue. Letters a reader confuses ("MlAMl GARDENS"), thin strokes dropped or added ("MAM" for Miami) and doubled
 *   glyphs are not counted as wrong there. The rest of the name may carry the word when it has 12 letters or more of
 *   words that are not generic ("international airport", "memorial hospital", "university of" are).
 * A word glued to the next was not read as a word, and is not judged so ("HLAULOVTRPARK" is Haulover Park at night):
 * a reading that drops every space ("PLEASUREISLAND") is still matched by its letters alone.
 */
function anotherName(
  key: string,
  words: readonly NameWord[],
  read: string,
  readFrom: number,
  starts: ReadonlySet<number>,
  ends: ReadonlySet<number>,
): boolean {
  const m = key.length;
  const n = read.length;
  // Costs of the key's first i letters against the reading's first j (both whole: the match is bounded): edits first,
  // then, of alignments with as few edits, the one with fewest letters wrong (a letter a reader does not confuse, drop
  // or add), so that a dropped thin stroke beside a confused glyph is read as that, whichever comes first.
  const sub = (i: number, j: number) =>
    key[i - 1] === read[j - 1] ? 0 : EDIT + (confusable(key[i - 1]!, read[j - 1]!) ? 0 : 1);
  const del = (i: number) => EDIT + (wrongGap(key, i - 1) ? 1 : 0);
  const ins = (j: number) => EDIT + (wrongGap(read, j - 1) ? 1 : 0);
  const d = Array.from({ length: m + 1 }, () => new Int32Array(n + 1));
  for (let i = 1; i <= m; i++) d[i]![0] = d[i - 1]![0]! + del(i);
  for (let j = 1; j <= n; j++) d[0]![j] = d[0]![j - 1]! + ins(j);
  for (let i = 1; i <= m; i++)
    for (let j = 1; j <= n; j++)
      d[i]![j] = Math.min(d[i - 1]![j - 1]! + sub(i, j), d[i - 1]![j]! + del(i), d[i]![j - 1]! + ins(j));
  // The word each key letter belongs to.
  const wordOf = new Int32Array(m);
  let at = 0;
  words.forEach((w, k) => wordOf.fill(k, at, (at += w.letters)));
  // Per word: the letters wrong that a reader does not make by confusing glyphs, and the reading's letters taken
  // for it (as reading positions).
  const wrong = new Int32Array(words.length);
  const taken: number[][] = words.map(() => []);
  let i = m;
  let j = n;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && d[i]![j] === d[i - 1]![j - 1]! + sub(i, j)) {
      const w = wordOf[i - 1]!;
      if (!confusable(key[i - 1]!, read[j - 1]!)) wrong[w]!++;
      taken[w]!.push(j - 1);
      i--;
      j--;
    } else if (i > 0 && d[i]![j] === d[i - 1]![j]! + del(i)) {
      // A letter of the name not read: wrong unless a thin stroke or one of a doubled letter.
      const w = wordOf[i - 1]!;
      if (wrongGap(key, i - 1)) wrong[w]!++;
      i--;
    } else {
      // A letter read that the name does not have, at j - 1, between key letters i - 1 and i. Inside a word it is that
      // word's; between two words, the one it is glued to in the reading (a digit glued to both: the number's), and
      // neither when it stands alone.
      const p = j - 1;
      const c = read[p]!;
      const before = i > 0 ? wordOf[i - 1]! : -1;
      const after = i < m ? wordOf[i]! : -1;
      let w = before >= 0 ? before : after;
      if (before !== after && before >= 0 && after >= 0) {
        const gluedBefore = !starts.has(readFrom + p);
        const gluedAfter = !ends.has(readFrom + p + 1);
        // A digit before a number is the number's, glued to it or standing alone ("SW 2 8TH STREET").
        if (/\d/.test(c) && words[after]!.digits && !(gluedBefore && !gluedAfter)) w = after;
        else if (gluedBefore) w = before;
        else w = gluedAfter ? after : -1;
      }
      if (w >= 0) {
        taken[w]!.push(p);
        if (wrongGap(read, p)) wrong[w]!++;
      }
      j--;
    }
  }
  const readOf = (k: number) =>
    taken[k]!.sort((a, b) => a - b)
      .map((p) => read[p])
      .join('');
  for (const [k, w] of words.entries()) {
    if (w.direction) {
      const seen = foldLetters(readOf(k));
      const own = editDistance(seen, w.direction);
      if (DIRECTION_WORDS.some((o) => o !== w.direction && editDistance(seen, o) <= own)) return true;
    }
    if (w.digits) {
      // Its digits, and no digit more: a glyph after them that folds to a digit ("8OTH" is 80th) is one, unless it is
      // the ordinal's first letter confused and its second follows ("81H" is 8th, "81" is 81; an s is the ordinal's,
      // as in "1ST").
      const seen = readOf(k);
      const at = w.digits.length;
      const next = seen[at];
      if (foldDigits(seen.slice(0, at)) !== w.digits) return true;
      const ordinal = w.ordinal;
      const ordinalConfused = ordinal && next && confusable(next, ordinal[0]!) && seen[at + 1] === ordinal[1];
      if (next && next !== 's' && /\d/.test(foldDigits(next)) && !ordinalConfused) return true;
    }
  }
  // The letters of the other words that are not generic, when all of them were read right.
  const rest = (k: number) =>
    words.every((_, o) => o === k || wrong[o] === 0)
      ? words.reduce((sum, w, o) => sum + (o === k || w.generic ? 0 : w.letters), 0)
      : 0;
  return words.some((w, k) => {
    if (w.direction || w.digits || wrong[k]! <= Math.max(1, allowedEdits(w.letters))) return false;
    const span = taken[k]!;
    const asWord =
      span.length > 0 && starts.has(readFrom + Math.min(...span)) && ends.has(readFrom + Math.max(...span) + 1);
    return asWord && rest(k) < 12;
  });
}

/** An edit's cost in anotherName's table: above any count of letters wrong, so edits are counted first. */
const EDIT = 256;

/**
 * Whether the letter at `p` of `text`, dropped or added, is a letter wrong: not a thin stroke, nor one of a doubled
 * letter.
 */
function wrongGap(text: string, p: number): boolean {
  const c = text[p]!;
  return !THIN.has(c) && text[p - 1] !== c && text[p + 1] !== c;
}

/** More edits than any allowance: a step the table may not take. */
const NEVER = 1 << 20;

function pieces(compact: string, limit: number): string[] {
  const size = compact.length / (limit + 1);
  return Array.from({ length: limit + 1 }, (_, i) => compact.slice(Math.round(i * size), Math.round((i + 1) * size)));
}

/**
 * The names matched tolerantly, as letters without spaces, with the letters a reading may have wrong: what the scene
 * reader is told of the gazetteer, so that it reads on along a line cut short inside one of them.
 */
export function tolerantNames(): Array<{ letters: string; edits: number }> {
  const seen = new Map<string, number>();
  for (const k of TOLERANT_KEYS) if (k.limit > 0) seen.set(k.compact, Math.max(seen.get(k.compact) ?? 0, k.limit));
  return [...seen].map(([letters, edits]) => ({ letters, edits }));
}

/**
 * Names read with a few letters wrong and spaces lost or added ("JAYSIDE", "MIAMIINTERNATIONALAIRPOR T"): approximate
 * substring matching (Sellers' edit-distance table) of each long name against the text's letters, where the match
 * must begin where a word of the text begins and end where one ends. The longest name first (then fewest edits),
 * no overlaps.
 */
function findTolerant(text: string): PlaceMention[] {
  const norm = normaliseName(text);
  // Letters of the text and, for each, its offset in `norm`; word starts and ends in letter positions.
  const letters: string[] = [];
  const offset: number[] = [];
  const starts = new Set<number>();
  const ends = new Set<number>();
  for (let i = 0; i < norm.length; i++) {
    if (norm[i] === ' ') continue;
    if (i === 0 || norm[i - 1] === ' ') starts.add(letters.length);
    letters.push(norm[i]!);
    offset.push(i);
    if (i === norm.length - 1 || norm[i + 1] === ' ') ends.add(letters.length);
  }
  const n = letters.length;
  // For each letter position: the start of the word it lies in, and the end of the word the letter before it ends.
  const wordStart = new Int32Array(n + 1);
  for (let j = 0; j <= n; j++) wordStart[j] = starts.has(j) || j === 0 ? j : wordStart[j - 1]!;
  const wordEnd = new Int32Array(n + 1);
  for (let j = n; j >= 0; j--) wordEnd[j] = ends.has(j) || j === n ? j : wordEnd[j + 1]!;
  const hits: Array<PlaceMention & { from: number; to: number; keyLength: number }> = [];
  const joined = letters.join('');
  for (const k of MATCH_KEYS) {
    const m = k.compact.length;
    const limit = k.limit;
    if (n < m - limit || !k.pieces.some((p) => joined.includes(p))) continue;
    // prev[j]: edits of the name's first i letters against text ending at j; start[j]: where that match began.
    // A match begins where a word of the text does: beginning j letters in costs the letters skipped since the word's
    // start, as extra letters glued before the name ("iSeaquarium", the last letter of "Miami" in the detector's next
    // box). Counted in the table, not after it, so that of two readings as cheap the one from the word's start is kept
    // ("HLAULOVTRPARK" is Haulover Park with an L added and an E read as T, not "LAULOVTRPARK" with an H glued on).
    // A cut name has nothing glued before its cut: the letter there begins a word.
    let prev = Int32Array.from({ length: n + 1 }, (_, j) =>
      k.side === 'start' ? (j === wordStart[j] ? 0 : NEVER) : j - wordStart[j]!,
    );
    let prevStart = Int32Array.from({ length: n + 1 }, (_, j) => wordStart[j]!);
    for (let i = 1; i <= m; i++) {
      const cur = new Int32Array(n + 1);
      const curStart = new Int32Array(n + 1);
      // A cut name's letter at the cut is read as it is: neither dropped nor read as another, nor followed by letters
      // at a cut end (nothing glued after it).
      const pinned = (k.side === 'start' && i === 1) || (k.side === 'end' && i === m);
      cur[0] = k.side === 'start' ? NEVER : i;
      curStart[0] = 0;
      const c = k.compact[i - 1];
      for (let j = 1; j <= n; j++) {
        const sub = prev[j - 1]! + (letters[j - 1] === c ? 0 : pinned ? NEVER : 1);
        const del = pinned ? NEVER : prev[j]! + 1;
        const ins = pinned && k.side === 'end' ? NEVER : cur[j - 1]! + 1;
        if (sub <= del && sub <= ins) {
          cur[j] = sub;
          curStart[j] = prevStart[j - 1]!;
        } else if (del <= ins) {
          cur[j] = del;
          curStart[j] = prevStart[j]!;
        } else {
          cur[j] = ins;
          curStart[j] = curStart[j - 1]!;
        }
      }
      prev = cur;
      prevStart = curStart;
    }
    for (let j = 1; j <= n; j++) {
      // Letters glued after the name, up to its word's end, are extra letters too.
      const from = prevStart[j]!;
      const to = wordEnd[j]!;
      const edits = prev[j]! + to - j;
      if (edits > limit || (k.side === 'end' && to > j)) continue;
      // Six letters or more of the cut word in the text (its word there, when the reading kept the space).
      if (k.side === 'start' && wordEnd[from + 1]! - from < 6) continue;
      if (k.side === 'end' && to - wordStart[to - 1]! < 6) continue;
      if (edits > 0 && anotherName(k.compact, k.words, joined.slice(from, to), from, starts, ends)) continue;
      hits.push({
        entry: k.entry,
        matched: norm.slice(offset[from]!, offset[to - 1]! + 1),
        index: offset[from]!,
        edits: edits + k.cut,
        from,
        to,
        keyLength: k.keyLength,
      });
    }
  }
  // The longest name first, then the fewest edits: "MIAMI BEACH CONVENTON CENTER" is the convention centre one letter
  // off, not the city read exactly with words left over.
  hits.sort((a, b) => b.keyLength - a.keyLength || a.edits! - b.edits! || b.to - b.from - (a.to - a.from));
  const taken: Array<[number, number]> = [];
  const out: PlaceMention[] = [];
  for (const h of hits) {
    if (taken.some(([s, e]) => h.from < e && h.to > s)) continue;
    taken.push([h.from, h.to]);
    out.push({ entry: h.entry, matched: h.matched, index: h.index, edits: h.edits });
  }
  return out;
}
