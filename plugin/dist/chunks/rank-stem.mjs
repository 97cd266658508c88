import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  isAsciiDigits,
  isAsciiText,
  lowerAsciiRuns
} from "./core-ascii.mjs";

// lib/rank/stem.ts
var STEP2 = [
  ["ational", "ate"],
  ["tional", "tion"],
  ["enci", "ence"],
  ["anci", "ance"],
  ["izer", "ize"],
  ["bli", "ble"],
  ["alli", "al"],
  ["entli", "ent"],
  ["eli", "e"],
  ["ousli", "ous"],
  ["ization", "ize"],
  ["ation", "ate"],
  ["ator", "ate"],
  ["alism", "al"],
  ["iveness", "ive"],
  ["fulness", "ful"],
  ["ousness", "ous"],
  ["aliti", "al"],
  ["iviti", "ive"],
  ["biliti", "ble"],
  ["logi", "log"]
];
var STEP3 = [
  ["icate", "ic"],
  ["ative", ""],
  ["alize", "al"],
  ["iciti", "ic"],
  ["ical", "ic"],
  ["ful", ""],
  ["ness", ""]
];
var STEP4 = ["al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ou", "ism", "ate", "iti", "ous", "ive", "ize"].map(
  (s) => [s, ""]
);
function byLastLetter(rules) {
  const out = [];
  for (const rule of rules) (out[rule[0].charCodeAt(rule[0].length - 1)] ??= []).push(rule);
  return out;
}
var STEP2_BY_LAST = byLastLetter(STEP2);
var STEP3_BY_LAST = byLastLetter(STEP3);
var STEP4_BY_LAST = byLastLetter(STEP4);
var A = 97;
var E = 101;
var I = 105;
var O = 111;
var U = 117;
var Y = 121;
var isAeiou = (c) => c === A || c === E || c === I || c === O || c === U;
function isConsonant(w, i) {
  const c = w.charCodeAt(i);
  if (isAeiou(c)) return false;
  if (c !== Y) return true;
  let j = i;
  while (j > 0 && w.charCodeAt(j - 1) === Y) j--;
  const first = j === 0 || isAeiou(w.charCodeAt(j - 1));
  return (i - j) % 2 === 0 ? first : !first;
}
function measure(w, end) {
  let m = 0;
  let prevVowel = false;
  for (let i = 0; i < end; i++) {
    const c = w.charCodeAt(i);
    const vowel = isAeiou(c) || c === Y && i > 0 && !prevVowel;
    if (!vowel && prevVowel) m++;
    prevVowel = vowel;
  }
  return m;
}
function hasVowel(w, end) {
  for (let i = 0; i < end; i++) {
    const c = w.charCodeAt(i);
    if (isAeiou(c) || c === Y && i > 0) return true;
  }
  return false;
}
function endsDoubleConsonant(w) {
  const n = w.length;
  return n >= 2 && w.charCodeAt(n - 1) === w.charCodeAt(n - 2) && isConsonant(w, n - 1);
}
function endsCvc(w, end) {
  if (end < 3) return false;
  const last = w.charCodeAt(end - 1);
  return isConsonant(w, end - 3) && !isConsonant(w, end - 2) && isConsonant(w, end - 1) && last !== 119 && last !== 120 && last !== Y;
}
function replaceSuffix(w, rulesByLast, minMeasure) {
  const rules = rulesByLast[w.charCodeAt(w.length - 1)];
  if (rules === void 0) return w;
  for (let i = 0; i < rules.length; i++) {
    const suffix = rules[i][0];
    if (w.endsWith(suffix)) {
      const end = w.length - suffix.length;
      return measure(w, end) > minMeasure ? w.slice(0, end) + rules[i][1] : w;
    }
  }
  return w;
}
function isLowerAscii(word) {
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c < A || c > 122) return false;
  }
  return true;
}
function stem(word) {
  if (word.length <= 2 || !isLowerAscii(word)) return word;
  let w = word;
  if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("ies")) w = w.slice(0, -2);
  else if (w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  let cleanup = false;
  if (w.endsWith("eed")) {
    if (measure(w, w.length - 3) > 0) w = w.slice(0, -1);
  } else if (w.endsWith("ed") && hasVowel(w, w.length - 2)) {
    w = w.slice(0, -2);
    cleanup = true;
  } else if (w.endsWith("ing") && hasVowel(w, w.length - 3)) {
    w = w.slice(0, -3);
    cleanup = true;
  }
  if (cleanup) {
    const last = w.charCodeAt(w.length - 1);
    if (w.endsWith("at") || w.endsWith("bl") || w.endsWith("iz")) w += "e";
    else if (endsDoubleConsonant(w) && last !== 108 && last !== 115 && last !== 122) w = w.slice(0, -1);
    else if (measure(w, w.length) === 1 && endsCvc(w, w.length)) w += "e";
  }
  if (w.endsWith("y") && hasVowel(w, w.length - 1)) w = w.slice(0, -1) + "i";
  w = replaceSuffix(w, STEP2_BY_LAST, 0);
  w = replaceSuffix(w, STEP3_BY_LAST, 0);
  w = replaceSuffix(w, STEP4_BY_LAST, 1);
  if (w.endsWith("ion")) {
    const end = w.length - 3;
    const before = w.charCodeAt(end - 1);
    if (measure(w, end) > 1 && (before === 115 || before === 116)) w = w.slice(0, end);
  }
  if (w.endsWith("e")) {
    const end = w.length - 1;
    const m = measure(w, end);
    if (m > 1 || m === 1 && !endsCvc(w, end)) w = w.slice(0, end);
  }
  if (w.endsWith("ll") && measure(w, w.length) > 1) w = w.slice(0, -1);
  return w;
}

// lib/rank/stop-words-data.ts
var LATIN_STOP_WORDS = {
  fr: "a abord absolument afin ah ai aie aient aies ailleurs ainsi ait allaient allo allons all\xF4 alors anterieur anterieure anterieures apres apr\xE8s as assez attendu au aucun aucune aucuns aujourd aujourd'hui aupres auquel aura aurai auraient aurais aurait auras aurez auriez aurions aurons auront aussi autant autre autrefois autrement autres autrui aux auxquelles auxquels avaient avais avait avant avec avez aviez avions avoir avons ayant ayez ayons b bah bas basee bat beau beaucoup bien bigre bon boum bravo brrr c car ce ceci cela celle celle-ci celle-l\xE0 celles celles-ci celles-l\xE0 celui celui-ci celui-l\xE0 cel\xE0 cent cependant certain certaine certaines certains certes ces cet cette ceux ceux-ci ceux-l\xE0 chacun chacune chaque cher chers chez chiche chut ch\xE8re ch\xE8res ci cinq cinquantaine cinquante cinquanti\xE8me cinqui\xE8me clac clic combien comme comment comparable comparables compris concernant contre couic crac d da dans de debout dedans dehors deja del\xE0 depuis dernier derniere derriere derri\xE8re des desormais desquelles desquels dessous dessus deux deuxi\xE8me deuxi\xE8mement devant devers devra devrait different differentes differents diff\xE9rent diff\xE9rente diff\xE9rentes diff\xE9rents dire directe directement dit dite dits divers diverse diverses dix dix-huit dix-neuf dix-sept dixi\xE8me doit doivent donc dont dos douze douzi\xE8me dring droite du duquel durant d\xE8s d\xE9but d\xE9sormais e effet egale egalement egales eh elle elle-m\xEAme elles elles-m\xEAmes en encore enfin entre envers environ es essai est et etant etc etre eu eue eues euh eurent eus eusse eussent eusses eussiez eussions eut eux eux-m\xEAmes exactement except\xE9 extenso exterieur e\xFBmes e\xFBt e\xFBtes f fais faisaient faisant fait faites fa\xE7on feront fi flac floc fois font force furent fus fusse fussent fusses fussiez fussions fut f\xFBmes f\xFBt f\xFBtes g gens h ha haut hein hem hep hi ho hol\xE0 hop hormis hors hou houp hue hui huit huiti\xE8me hum hurrah h\xE9 h\xE9las i ici il ils importe j je jusqu jusque juste k l la laisser laquelle las le lequel les lesquelles lesquels leur leurs longtemps lors lorsque lui lui-meme lui-m\xEAme l\xE0 l\xE8s m ma maint maintenant mais malgre malgr\xE9 maximale me meme memes merci mes mien mienne miennes miens mille mince mine minimale moi moi-meme moi-m\xEAme moindres moins mon mot moyennant multiple multiples m\xEAme m\xEAmes n na naturel naturelle naturelles ne neanmoins necessaire necessairement neuf neuvi\xE8me ni nombreuses nombreux nomm\xE9s non nos notamment notre nous nous-m\xEAmes nouveau nouveaux nul n\xE9anmoins n\xF4tre n\xF4tres o oh oh\xE9 oll\xE9 ol\xE9 on ont onze onzi\xE8me ore ou ouf ouias oust ouste outre ouvert ouverte ouverts o| o\xF9 p paf pan par parce parfois parle parlent parler parmi parole parseme partant particulier particuli\xE8re particuli\xE8rement pas pass\xE9 pendant pense permet personne personnes peu peut peuvent peux pff pfft pfut pif pire pi\xE8ce plein plouf plupart plus plusieurs plut\xF4t possessif possessifs possible possibles pouah pour pourquoi pourrais pourrait pouvait prealable precisement premier premi\xE8re premi\xE8rement pres probable probante procedant proche pr\xE8s psitt pu puis puisque pur pure q qu quand quant quant-\xE0-soi quanta quarante quatorze quatre quatre-vingt quatri\xE8me quatri\xE8mement que quel quelconque quelle quelles quelqu'un quelque quelques quels qui quiconque quinze quoi quoique r rare rarement rares relative relativement remarquable rend rendre restant reste restent restrictif retour revoici revoil\xE0 rien s sa sacrebleu sait sans sapristi sauf se sein seize selon semblable semblaient semble semblent sent sept septi\xE8me sera serai seraient serais serait seras serez seriez serions serons seront ses seul seule seulement si sien sienne siennes siens sinon six sixi\xE8me soi soi-m\xEAme soient sois soit soixante sommes son sont sous souvent soyez soyons specifique specifiques speculatif stop strictement subtiles suffisant suffisante suffit suis suit suivant suivante suivantes suivants suivre sujet superpose sur surtout t ta tac tandis tant tardive te tel telle tellement telles tels tenant tend tenir tente tes tic tien tienne tiennes tiens toc toi toi-m\xEAme ton touchant toujours tous tout toute toutefois toutes treize trente tres trois troisi\xE8me troisi\xE8mement trop tr\xE8s tsoin tsouin tu t\xE9 u un une unes uniformement unique uniques uns v va vais valeur vas vers via vif vifs vingt vivat vive vives vlan voici voie voient voil\xE0 voire vont vos votre vous vous-m\xEAmes vu v\xE9 v\xF4tre v\xF4tres w x y z zut \xE0 \xE2 \xE7a \xE8s \xE9taient \xE9tais \xE9tait \xE9tant \xE9tat \xE9tiez \xE9tions \xE9t\xE9 \xE9t\xE9e \xE9t\xE9es \xE9t\xE9s \xEAtes \xEAtre \xF4",
  de: "a ab aber ach acht achte achten achter achtes ag alle allein allem allen aller allerdings alles allgemeinen als also am an ander andere anderem anderen anderer anderes anderm andern anderr anders au auch auf aus ausser ausserdem au\xDFer au\xDFerdem b bald bei beide beiden beim beispiel bekannt bereits besonders besser besten bin bis bisher bist c d d.h da dabei dadurch daf\xFCr dagegen daher dahin dahinter damals damit danach daneben dank dann daran darauf daraus darf darfst darin darum darunter dar\xFCber das dasein daselbst dass dasselbe davon davor dazu dazwischen da\xDF dein deine deinem deinen deiner deines dem dementsprechend demgegen\xFCber demgem\xE4ss demgem\xE4\xDF demselben demzufolge den denen denn denselben der deren derer derjenige derjenigen dermassen derma\xDFen derselbe derselben des deshalb desselben dessen deswegen dich die diejenige diejenigen dies diese dieselbe dieselben diesem diesen dieser dieses dir doch dort drei drin dritte dritten dritter drittes du durch durchaus durfte durften d\xFCrfen d\xFCrft e eben ebenso ehrlich ei ei, eigen eigene eigenen eigener eigenes ein einander eine einem einen einer eines einig einige einigem einigen einiger einiges einmal eins elf en ende endlich entweder er ernst erst erste ersten erster erstes es etwa etwas euch euer eure eurem euren eurer eures f folgende fr\xFCher f\xFCnf f\xFCnfte f\xFCnften f\xFCnfter f\xFCnftes f\xFCr g gab ganz ganze ganzen ganzer ganzes gar gedurft gegen gegen\xFCber gehabt gehen geht gekannt gekonnt gemacht gemocht gemusst genug gerade gern gesagt geschweige gewesen gewollt geworden gibt ging gleich gott gross grosse grossen grosser grosses gro\xDF gro\xDFe gro\xDFen gro\xDFer gro\xDFes gut gute guter gutes h hab habe haben habt hast hat hatte hatten hattest hattet heisst her heute hier hin hinter hoch h\xE4tte h\xE4tten i ich ihm ihn ihnen ihr ihre ihrem ihren ihrer ihres im immer in indem infolgedessen ins irgend ist j ja jahr jahre jahren je jede jedem jeden jeder jedermann jedermanns jedes jedoch jemand jemandem jemanden jene jenem jenen jener jenes jetzt k kam kann kannst kaum kein keine keinem keinen keiner keines kleine kleinen kleiner kleines kommen kommt konnte konnten kurz k\xF6nnen k\xF6nnt k\xF6nnte l lang lange leicht leide lieber los m machen macht machte mag magst mahn mal man manche manchem manchen mancher manches mann mehr mein meine meinem meinen meiner meines mensch menschen mich mir mit mittel mochte mochten morgen muss musst musste mussten mu\xDF mu\xDFt m\xF6chte m\xF6gen m\xF6glich m\xF6gt m\xFCssen m\xFCsst m\xFC\xDFt n na nach nachdem nahm nat\xFCrlich neben nein neue neuen neun neunte neunten neunter neuntes nicht nichts nie niemand niemandem niemanden noch nun nur o ob oben oder offen oft ohne ordnung p q r recht rechte rechten rechter rechtes richtig rund s sa sache sagt sagte sah satt schlecht schluss schon sechs sechste sechsten sechster sechstes sehr sei seid seien sein seine seinem seinen seiner seines seit seitdem selbst sich sie sieben siebente siebenten siebenter siebentes sind so solang solche solchem solchen solcher solches soll sollen sollst sollt sollte sollten sondern sonst soweit sowie sp\xE4ter startseite statt steht suche t tag tage tagen tat teil tel tritt trotzdem tun u uhr um und uns unse unsem unsen unser unsere unserer unses unter v vergangenen viel viele vielem vielen vielleicht vier vierte vierten vierter viertes vom von vor w wahr wann war waren warst wart warum was weg wegen weil weit weiter weitere weiteren weiteres welche welchem welchen welcher welches wem wen wenig wenige weniger weniges wenigstens wenn wer werde werden werdet weshalb wessen wie wieder wieso will willst wir wird wirklich wirst wissen wo woher wohin wohl wollen wollt wollte wollten worden wurde wurden w\xE4hrend w\xE4hrenddem w\xE4hrenddessen w\xE4re w\xFCrde w\xFCrden x y z z.b zehn zehnte zehnten zehnter zehntes zeit zu zuerst zugleich zum zun\xE4chst zur zur\xFCck zusammen zwanzig zwar zwei zweite zweiten zweiter zweites zwischen zw\xF6lf \xFCber \xFCberhaupt \xFCbrigens",
  es: "0 1 2 3 4 5 6 7 8 9 _ a actualmente acuerdo adelante ademas adem\xE1s adrede afirm\xF3 agreg\xF3 ahi ahora ah\xED al algo alguna algunas alguno algunos alg\xFAn alli all\xED alrededor ambos ampleamos antano anta\xF1o ante anterior antes apenas aproximadamente aquel aquella aquellas aquello aquellos aqui aqu\xE9l aqu\xE9lla aqu\xE9llas aqu\xE9llos aqu\xED arriba arribaabajo asegur\xF3 asi as\xED atras aun aunque ayer a\xF1adi\xF3 a\xFAn b bajo bastante bien breve buen buena buenas bueno buenos c cada casi cerca cierta ciertas cierto ciertos cinco claro coment\xF3 como con conmigo conocer conseguimos conseguir considera consider\xF3 consigo consigue consiguen consigues contigo contra cosas creo cual cuales cualquier cuando cuanta cuantas cuanto cuantos cuatro cuenta cu\xE1l cu\xE1les cu\xE1ndo cu\xE1nta cu\xE1ntas cu\xE1nto cu\xE1ntos c\xF3mo d da dado dan dar de debajo debe deben debido decir dej\xF3 del delante demasiado dem\xE1s dentro deprisa desde despacio despues despu\xE9s detras detr\xE1s dia dias dice dicen dicho dieron diferente diferentes dijeron dijo dio donde dos durante d\xEDa d\xEDas d\xF3nde e ejemplo el ella ellas ello ellos embargo empleais emplean emplear empleas empleo en encima encuentra enfrente enseguida entonces entre era erais eramos eran eras eres es esa esas ese eso esos esta estaba estabais estaban estabas estad estada estadas estado estados estais estamos estan estando estar estaremos estar\xE1 estar\xE1n estar\xE1s estar\xE9 estar\xE9is estar\xEDa estar\xEDais estar\xEDamos estar\xEDan estar\xEDas estas este estemos esto estos estoy estuve estuviera estuvierais estuvieran estuvieras estuvieron estuviese estuvieseis estuviesen estuvieses estuvimos estuviste estuvisteis estuvi\xE9ramos estuvi\xE9semos estuvo est\xE1 est\xE1bamos est\xE1is est\xE1n est\xE1s est\xE9 est\xE9is est\xE9n est\xE9s ex excepto existe existen explic\xF3 expres\xF3 f fin final fue fuera fuerais fueran fueras fueron fuese fueseis fuesen fueses fui fuimos fuiste fuisteis fu\xE9ramos fu\xE9semos g general gran grandes gueno h ha haber habia habida habidas habido habidos habiendo habla hablan habremos habr\xE1 habr\xE1n habr\xE1s habr\xE9 habr\xE9is habr\xEDa habr\xEDais habr\xEDamos habr\xEDan habr\xEDas hab\xE9is hab\xEDa hab\xEDais hab\xEDamos hab\xEDan hab\xEDas hace haceis hacemos hacen hacer hacerlo haces hacia haciendo hago han has hasta hay haya hayamos hayan hayas hay\xE1is he hecho hemos hicieron hizo horas hoy hube hubiera hubierais hubieran hubieras hubieron hubiese hubieseis hubiesen hubieses hubimos hubiste hubisteis hubi\xE9ramos hubi\xE9semos hubo i igual incluso indic\xF3 informo inform\xF3 intenta intentais intentamos intentan intentar intentas intento ir j junto k l la lado largo las le lejos les lleg\xF3 lleva llevar lo los luego lugar m mal manera manifest\xF3 mas mayor me mediante medio mejor mencion\xF3 menos menudo mi mia mias mientras mio mios mis misma mismas mismo mismos modo momento mucha muchas mucho muchos muy m\xE1s m\xED m\xEDa m\xEDas m\xEDo m\xEDos n nada nadie ni ninguna ningunas ninguno ningunos ning\xFAn no nos nosotras nosotros nuestra nuestras nuestro nuestros nueva nuevas nuevo nuevos nunca o ocho os otra otras otro otros p pais para parece parte partir pasada pasado pa\xECs peor pero pesar poca pocas poco pocos podeis podemos poder podria podriais podriamos podrian podrias podr\xE1 podr\xE1n podr\xEDa podr\xEDan poner por porque posible primer primera primero primeros principalmente pronto propia propias propio propios proximo pr\xF3ximo pr\xF3ximos pudo pueda puede pueden puedo pues q qeu que qued\xF3 queremos quien quienes quiere quiza quizas quiz\xE1 quiz\xE1s qui\xE9n qui\xE9nes qu\xE9 r raras realizado realizar realiz\xF3 repente respecto s sabe sabeis sabemos saben saber sabes sal salvo se sea seamos sean seas segun segunda segundo seg\xFAn seis ser sera seremos ser\xE1 ser\xE1n ser\xE1s ser\xE9 ser\xE9is ser\xEDa ser\xEDais ser\xEDamos ser\xEDan ser\xEDas se\xE1is se\xF1al\xF3 si sido siempre siendo siete sigue siguiente sin sino sobre sois sola solamente solas solo solos somos son soy soyos su supuesto sus suya suyas suyo suyos s\xE9 s\xED s\xF3lo t tal tambien tambi\xE9n tampoco tan tanto tarde te temprano tendremos tendr\xE1 tendr\xE1n tendr\xE1s tendr\xE9 tendr\xE9is tendr\xEDa tendr\xEDais tendr\xEDamos tendr\xEDan tendr\xEDas tened teneis tenemos tener tenga tengamos tengan tengas tengo teng\xE1is tenida tenidas tenido tenidos teniendo ten\xE9is ten\xEDa ten\xEDais ten\xEDamos ten\xEDan ten\xEDas tercera ti tiempo tiene tienen tienes toda todas todavia todav\xEDa todo todos total trabaja trabajais trabajamos trabajan trabajar trabajas trabajo tras trata trav\xE9s tres tu tus tuve tuviera tuvierais tuvieran tuvieras tuvieron tuviese tuvieseis tuviesen tuvieses tuvimos tuviste tuvisteis tuvi\xE9ramos tuvi\xE9semos tuvo tuya tuyas tuyo tuyos t\xFA u ultimo un una unas uno unos usa usais usamos usan usar usas uso usted ustedes v va vais valor vamos van varias varios vaya veces ver verdad verdadera verdadero vez vosotras vosotros voy vuestra vuestras vuestro vuestros w x y ya yo z \xE9l \xE9ramos \xE9sa \xE9sas \xE9se \xE9sos \xE9sta \xE9stas \xE9ste \xE9stos \xFAltima \xFAltimas \xFAltimo \xFAltimos",
  it: "a abbastanza abbia abbiamo abbiano abbiate accidenti ad adesso affinch\xE9 agl agli ahime ahim\xE8 ai al alcuna alcuni alcuno all alla alle allo allora altre altri altrimenti altro altrove altrui anche ancora anni anno ansa anticipo assai attesa attraverso avanti avemmo avendo avente aver avere averlo avesse avessero avessi avessimo aveste avesti avete aveva avevamo avevano avevate avevi avevo avrai avranno avrebbe avrebbero avrei avremmo avremo avreste avresti avrete avr\xE0 avr\xF2 avuta avute avuti avuto basta ben bene benissimo brava bravo buono c caso cento certa certe certi certo che chi chicchessia chiunque ci ciascuna ciascuno cima cinque cio cioe cio\xE8 circa citta citt\xE0 ci\xF2 co codesta codesti codesto cogli coi col colei coll coloro colui come cominci comprare comunque con concernente conclusione consecutivi consecutivo consiglio contro cortesia cos cosa cosi cos\xEC cui d da dagl dagli dai dal dall dalla dalle dallo dappertutto davanti degl degli dei del dell della delle dello dentro detto deve devo di dice dietro dire dirimpetto diventa diventare diventato dopo doppio dov dove dovra dovr\xE0 dovunque due dunque durante e ebbe ebbero ebbi ecc ecco ed effettivamente egli ella entrambi eppure era erano eravamo eravate eri ero esempio esse essendo esser essere essi ex fa faccia facciamo facciano facciate faccio facemmo facendo facesse facessero facessi facessimo faceste facesti faceva facevamo facevano facevate facevi facevo fai fanno farai faranno fare farebbe farebbero farei faremmo faremo fareste faresti farete far\xE0 far\xF2 fatto favore fece fecero feci fin finalmente finche fine fino forse forza fosse fossero fossi fossimo foste fosti fra frattempo fu fui fummo fuori furono futuro generale gente gia giacche giorni giorno giu gi\xE0 gli gliela gliele glieli glielo gliene grande grazie gruppo ha haha hai hanno ho i ie ieri il improvviso in inc indietro infatti inoltre insieme intanto intorno invece io l la lasciato lato le lei li lo lontano loro lui lungo luogo l\xE0 ma macche magari maggior mai male malgrado malissimo me medesimo mediante meglio meno mentre mesi mezzo mi mia mie miei mila miliardi milioni minimi mio modo molta molti moltissimo molto momento mondo ne negl negli nei nel nell nella nelle nello nemmeno neppure nessun nessuna nessuno niente no noi nome non nondimeno nonostante nonsia nostra nostre nostri nostro novanta nove nulla nuovi nuovo o od oggi ogni ognuna ognuno oltre oppure ora ore osi ossia ottanta otto paese parecchi parecchie parecchio parte partendo peccato peggio per perche perch\xE8 perch\xE9 percio perci\xF2 perfino pero persino persone per\xF2 piedi pieno piglia piu piuttosto pi\xF9 po pochissimo poco poi poiche possa possedere posteriore posto potrebbe preferibilmente presa press prima primo principalmente probabilmente promesso proprio puo pure purtroppo pu\xF2 qua qualche qualcosa qualcuna qualcuno quale quali qualunque quando quanta quante quanti quanto quantunque quarto quasi quattro quel quella quelle quelli quello quest questa queste questi questo qui quindi quinto realmente recente recentemente registrazione relativo riecco rispetto salvo sara sarai saranno sarebbe sarebbero sarei saremmo saremo sareste saresti sarete sar\xE0 sar\xF2 scola scopo scorso se secondo seguente seguito sei sembra sembrare sembrato sembrava sembri sempre senza sette si sia siamo siano siate siete sig solito solo soltanto sono sopra soprattutto sotto spesso sta stai stando stanno starai staranno starebbe starebbero starei staremmo staremo stareste staresti starete star\xE0 star\xF2 stata state stati stato stava stavamo stavano stavate stavi stavo stemmo stessa stesse stessero stessi stessimo stesso steste stesti stette stettero stetti stia stiamo stiano stiate sto su sua subito successivamente successivo sue sugl sugli sui sul sull sulla sulle sullo suo suoi tale tali talvolta tanto te tempo terzo th ti titolo tra tranne tre trenta triplo troppo trovato tu tua tue tuo tuoi tutta tuttavia tutte tutti tutto uguali ulteriore ultimo un una uno uomo va vai vale vari varia varie vario verso vi vicino visto vita voi volta volte vostra vostre vostri vostro \xE8",
  pt: "a acerca adeus agora ainda alem algmas algo algumas alguns ali al\xE9m ambas ambos ano anos antes ao aonde aos apenas apoio apontar apos ap\xF3s aquela aquelas aquele aqueles aqui aquilo as assim atrav\xE9s atr\xE1s at\xE9 a\xED baixo bastante bem boa boas bom bons breve cada caminho catorze cedo cento certamente certeza cima cinco coisa com como comprido conhecido conselho contra contudo corrente cuja cujas cujo cujos custa c\xE1 da daquela daquelas daquele daqueles dar das de debaixo dela delas dele deles demais dentro depois desde desligado dessa dessas desse desses desta destas deste destes deve devem dever\xE1 dez dezanove dezasseis dezassete dezoito dia diante direita dispoe dispoem diversa diversas diversos diz dizem dizer do dois dos doze duas durante d\xE1 d\xE3o d\xFAvida e ela elas ele eles em embora enquanto entao entre ent\xE3o era eram essa essas esse esses esta estado estamos estar estar\xE1 estas estava estavam este esteja estejam estejamos estes esteve estive estivemos estiver estivera estiveram estiverem estivermos estivesse estivessem estiveste estivestes estiv\xE9ramos estiv\xE9ssemos estou est\xE1 est\xE1s est\xE1vamos est\xE3o eu exemplo falta far\xE1 favor faz fazeis fazem fazemos fazer fazes fazia fa\xE7o fez fim final foi fomos for fora foram forem forma formos fosse fossem foste fostes fui f\xF4ramos f\xF4ssemos geral grande grandes grupo ha haja hajam hajamos havemos havia hei hoje hora horas houve houvemos houver houvera houveram houverei houverem houveremos houveria houveriam houvermos houver\xE1 houver\xE3o houver\xEDamos houvesse houvessem houv\xE9ramos houv\xE9ssemos h\xE1 h\xE3o iniciar inicio ir ir\xE1 isso ista iste isto j\xE1 lado lhe lhes ligado local logo longe lugar l\xE1 maior maioria maiorias mais mal mas me mediante meio menor menos meses mesma mesmas mesmo mesmos meu meus mil minha minhas momento muito muitos m\xE1ximo m\xEAs na nada nao naquela naquelas naquele naqueles nas nem nenhuma nessa nessas nesse nesses nesta nestas neste nestes no noite nome nos nossa nossas nosso nossos nova novas nove novo novos num numa numas nunca nuns n\xE3o n\xEDvel n\xF3s n\xFAmero o obra obrigada obrigado oitava oitavo oito onde ontem onze os ou outra outras outro outros para parece parte partir paucas pegar pela pelas pelo pelos perante perto pessoas pode podem poder poder\xE1 podia pois ponto pontos por porque porqu\xEA portanto posi\xE7\xE3o possivelmente posso poss\xEDvel pouca pouco poucos povo primeira primeiras primeiro primeiros promeiro propios proprio pr\xF3pria pr\xF3prias pr\xF3prio pr\xF3prios pr\xF3xima pr\xF3ximas pr\xF3ximo pr\xF3ximos puderam p\xF4de p\xF5e p\xF5em quais qual qualquer quando quanto quarta quarto quatro que quem quer quereis querem queremas queres quero quest\xE3o quieto quinta quinto quinze qu\xE1is qu\xEA rela\xE7\xE3o sabe sabem saber se segunda segundo sei seis seja sejam sejamos sem sempre sendo ser serei seremos seria seriam ser\xE1 ser\xE3o ser\xEDamos sete seu seus sexta sexto sim sistema sob sobre sois somente somos sou sua suas s\xE3o s\xE9tima s\xE9timo s\xF3 tal talvez tambem tamb\xE9m tanta tantas tanto tarde te tem temos tempo tendes tenha tenham tenhamos tenho tens tentar tentaram tente tentei ter terceira terceiro terei teremos teria teriam ter\xE1 ter\xE3o ter\xEDamos teu teus teve tinha tinham tipo tive tivemos tiver tivera tiveram tiverem tivermos tivesse tivessem tiveste tivestes tiv\xE9ramos tiv\xE9ssemos toda todas todo todos trabalhar trabalho treze tr\xEAs tu tua tuas tudo t\xE3o t\xE9m t\xEAm t\xEDnhamos um uma umas uns usa usar vai vais valor veja vem vens ver verdade verdadeiro vez vezes viagem vindo vinte voc\xEA voc\xEAs vos vossa vossas vosso vossos v\xE1rios v\xE3o v\xEAm v\xF3s zero \xE0 \xE0s \xE1rea \xE9 \xE9ramos \xE9s \xFAltimo",
  nl: "aan aangaande aangezien achte achter achterna af afgelopen al aldaar aldus alhoewel alias alle allebei alleen alles als alsnog altijd altoos ander andere anders anderszins beetje behalve behoudens beide beiden ben beneden bent bepaald betreffende bij bijna bijv binnen binnenin blijkbaar blijken boven bovenal bovendien bovengenoemd bovenstaand bovenvermeld buiten bv daar daardoor daarheen daarin daarna daarnet daarom daarop daaruit daarvanlangs dan dat de deden deed der derde derhalve dertig deze dhr die dikwijls dit doch doe doen doet door doorgaand drie duizend dus echter een eens eer eerdat eerder eerlang eerst eerste eigen eigenlijk elk elke en enig enige enigszins enkel er erdoor erg ergens etc etcetera even eveneens evenwel gauw ge gedurende geen gehad gekund geleden gelijk gemoeten gemogen genoeg geweest gewoon gewoonweg haar haarzelf had hadden hare heb hebben hebt hedden heeft heel hem hemzelf hen het hetzelfde hier hierbeneden hierboven hierin hierna hierom hij hijzelf hoe hoewel honderd hun hunne ieder iedere iedereen iemand iets ik ikzelf in inderdaad inmiddels intussen inzake is ja je jezelf jij jijzelf jou jouw jouwe juist jullie kan klaar kon konden krachtens kun kunnen kunt laatst later liever lijken lijkt maak maakt maakte maakten maar mag maken me meer meest meestal men met mevr mezelf mij mijn mijnent mijner mijzelf minder miss misschien missen mits mocht mochten moest moesten moet moeten mogen mr mrs mw na naar nadat nam namelijk nee neem negen nemen nergens net niemand niet niets niks noch nochtans nog nogal nooit nu nv of ofschoon om omdat omhoog omlaag omstreeks omtrent omver ondanks onder ondertussen ongeveer ons onszelf onze onzeker ooit ook op opnieuw opzij over overal overeind overige overigens paar pas per precies recent redelijk reeds rond rondom samen sedert sinds sindsdien slechts sommige spoedig steeds tamelijk te tegen tegenover tenzij terwijl thans tien tiende tijdens tja toch toe toen toenmaals toenmalig tot totdat tussen twee tweede u uit uitgezonderd uw vaak vaakwat van vanaf vandaan vanuit vanwege veel veeleer veertig verder verscheidene verschillende vervolgens via vier vierde vijf vijfde vijftig vol volgend volgens voor vooraf vooral vooralsnog voorbij voordat voordezen voordien voorheen voorop voorts vooruit vrij vroeg waar waarom waarschijnlijk wanneer want waren was wat we wederom weer weg wegens weinig wel weldra welk welke werd werden werder wezen whatever wie wiens wier wij wijzelf wil wilden willen word worden wordt zal ze zei zeker zelf zelfde zelfs zes zeven zich zichzelf zij zijn zijne zijzelf zo zoals zodat zodra zonder zou zouden zowat zulk zulke zullen zult"
};
var LATIN_MARKERS = {
  fr: "ah ai aie ait au aux b bah bas bat bon c car ce ces cet ci d da de des dit dix dos du d\xE8s e eh en es est et eu eue euh eus eut eux e\xFBt f fi fus fut f\xFBt g h ha hem hep hi ho hop hou hue hui hum h\xE9 ici il ils j je k l la las le les lui l\xE0 l\xE8s m ma mes moi mon mot n na ne ni non nos nul o oh oh\xE9 ol\xE9 ont ore ou ouf o| o\xF9 p paf pan par pas peu pff pif pu pur q qu que qui r s sa se ses si six soi son sur t ta tac te tel tes tic toc toi ton tu t\xE9 u un une uns v va vas vif vos vu v\xE9 w x y z zut \xE0 \xE2 \xE7a \xE8s \xE9t\xE9 \xF4",
  de: "ab ach ag als au auf aus b bei bin bis c d d.h da das da\xDF dem den der des die dir du e ei ei, ein elf en er es f f\xFCr g gab gar gut h hab hat hin ich ihm ihn ihr im ins ist j ja je k kam l los m mag mal man mir mit mu\xDF n na nie nun nur o ob oft p q r s sa sah sei sie t tag tat tel tun u uhr um und uns v vom von vor w war weg wem wen wer wie wir wo x y z z.b zu zum zur",
  es: "0 1 2 3 4 5 6 7 8 9 _ ahi ah\xED al asi as\xED aun a\xFAn b c con d da dan dar de del dia dio dos d\xEDa e el en era es esa ese eso ex f fin fue fui g h ha han hay hoy ir j k l la las le les lo los m mal mas mi mia mio mis muy m\xE1s m\xED m\xEDa m\xEDo n ni nos o os p por q qeu que qu\xE9 r s sal se sea ser si sin son soy su sus s\xE9 s\xED t tal tan te ti tu tus t\xFA u un una uno usa uso v va van ver vez voy w x y ya yo z \xE9l \xE9sa \xE9se",
  it: "ad agl ai al ben c che chi ci cio ci\xF2 co coi col con cos cui d da dai dal dei del di dov due e ecc ed era eri ero ex fa fai fin fra fu fui gia giu gi\xE0 gli ha hai ho ie il inc io l la le lei li lo lui l\xE0 ma mai mi mia mie mio ne nei nel noi non o od ora ore osi per piu pi\xF9 po poi puo pu\xF2 qua qui se sei si sia sig sta sto su sua sue sui sul suo te th ti tra tre tu tua tue tuo un una uno va vai vi voi \xE8",
  pt: "ali ano ao aos at\xE9 a\xED bem boa bom com c\xE1 da dar das de dez dia diz dos d\xE1 d\xE3o e ela ele em era eu faz fez fim foi fui ha hei h\xE1 h\xE3o ir ir\xE1 j\xE1 lhe l\xE1 mal mas meu mil m\xEAs na nao nas nem nos num n\xE3o n\xF3s o os ou por p\xF5e que qu\xEA se sei sem ser seu sim sob sou sua s\xE3o s\xF3 tal te tem ter teu tu tua t\xE3o t\xE9m t\xEAm um uma uns usa vai vem ver vez vos v\xE3o v\xEAm v\xF3s \xE0 \xE0s \xE9 \xE9s",
  nl: "aan af al als ben bij bv dan dat de der dhr die dit doe dus een eer elk en er erg ge heb hem hen het hij hoe hun ik ja je jij jou kan kon kun mag men met mij mr mrs mw na nam nee net nog nu nv om ons ook op pas per te tja toe tot u uit uw van vol wat weg wel wie wij wil zal ze zei zes zij zo zou"
};
var SEGMENTED_STOP_WORDS = "! \" # $ % & ' ( ) * + , - . ... 0 1 2 3 4 5 6 7 8 9 : ; < = > ? @ [ \\ ] ^ _ ` { | } ~ \xA5 \xB7 \u0E01\u0E25\u0E48\u0E32\u0E27 \u0E01\u0E27\u0E48\u0E32 \u0E01\u0E31\u0E19 \u0E01\u0E31\u0E1A \u0E01\u0E32\u0E23 \u0E01\u0E47 \u0E01\u0E48\u0E2D\u0E19 \u0E02\u0E13\u0E30 \u0E02\u0E2D \u0E02\u0E2D\u0E07 \u0E02\u0E36\u0E49\u0E19 \u0E04\u0E07 \u0E04\u0E23\u0E31\u0E49\u0E07 \u0E04\u0E27\u0E32\u0E21 \u0E04\u0E37\u0E2D \u0E08\u0E30 \u0E08\u0E31\u0E14 \u0E08\u0E32\u0E01 \u0E08\u0E36\u0E07 \u0E0A\u0E48\u0E27\u0E07 \u0E0B\u0E36\u0E48\u0E07 \u0E14\u0E31\u0E07 \u0E14\u0E49\u0E27\u0E22 \u0E14\u0E49\u0E32\u0E19 \u0E15\u0E31\u0E49\u0E07 \u0E15\u0E31\u0E49\u0E07\u0E41\u0E15\u0E48 \u0E15\u0E32\u0E21 \u0E15\u0E48\u0E2D \u0E15\u0E48\u0E32\u0E07 \u0E15\u0E48\u0E32\u0E07\u0E46 \u0E15\u0E49\u0E2D\u0E07 \u0E16\u0E36\u0E07 \u0E16\u0E39\u0E01 \u0E16\u0E49\u0E32 \u0E17\u0E31\u0E49\u0E07 \u0E17\u0E31\u0E49\u0E07\u0E19\u0E35\u0E49 \u0E17\u0E32\u0E07 \u0E17\u0E35\u0E48 \u0E17\u0E35\u0E48\u0E2A\u0E38\u0E14 \u0E17\u0E38\u0E01 \u0E17\u0E4D\u0E32 \u0E17\u0E4D\u0E32\u0E43\u0E2B\u0E49 \u0E19\u0E2D\u0E01\u0E08\u0E32\u0E01 \u0E19\u0E31\u0E01 \u0E19\u0E31\u0E49\u0E19 \u0E19\u0E35\u0E49 \u0E19\u0E48\u0E32 \u0E19\u0E4D\u0E32 \u0E1A\u0E32\u0E07 \u0E1C\u0E25 \u0E1C\u0E48\u0E32\u0E19 \u0E1E\u0E1A \u0E1E\u0E23\u0E49\u0E2D\u0E21 \u0E21\u0E32 \u0E21\u0E32\u0E01 \u0E21\u0E35 \u0E22\u0E31\u0E07 \u0E23\u0E27\u0E21 \u0E23\u0E30\u0E2B\u0E27\u0E48\u0E32\u0E07 \u0E23\u0E31\u0E1A \u0E23\u0E32\u0E22 \u0E23\u0E48\u0E27\u0E21 \u0E25\u0E07 \u0E27\u0E31\u0E19 \u0E27\u0E48\u0E32 \u0E2A\u0E38\u0E14 \u0E2A\u0E48\u0E07 \u0E2A\u0E48\u0E27\u0E19 \u0E2A\u0E4D\u0E32\u0E2B\u0E23\u0E31\u0E1A \u0E2B\u0E19\u0E36\u0E48\u0E07 \u0E2B\u0E23\u0E37\u0E2D \u0E2B\u0E25\u0E31\u0E07 \u0E2B\u0E25\u0E31\u0E07\u0E08\u0E32\u0E01 \u0E2B\u0E25\u0E32\u0E22 \u0E2B\u0E32\u0E01 \u0E2D\u0E22\u0E32\u0E01 \u0E2D\u0E22\u0E39\u0E48 \u0E2D\u0E22\u0E48\u0E32\u0E07 \u0E2D\u0E2D\u0E01 \u0E2D\u0E30\u0E44\u0E23 \u0E2D\u0E32\u0E08 \u0E2D\u0E35\u0E01 \u0E40\u0E02\u0E32 \u0E40\u0E02\u0E49\u0E32 \u0E40\u0E04\u0E22 \u0E40\u0E09\u0E1E\u0E32\u0E30 \u0E40\u0E0A\u0E48\u0E19 \u0E40\u0E14\u0E35\u0E22\u0E27 \u0E40\u0E14\u0E35\u0E22\u0E27\u0E01\u0E31\u0E19 \u0E40\u0E19\u0E37\u0E48\u0E2D\u0E07\u0E08\u0E32\u0E01 \u0E40\u0E1B\u0E34\u0E14 \u0E40\u0E1B\u0E34\u0E14\u0E40\u0E1C\u0E22 \u0E40\u0E1B\u0E47\u0E19 \u0E40\u0E1B\u0E47\u0E19\u0E01\u0E32\u0E23 \u0E40\u0E1E\u0E23\u0E32\u0E30 \u0E40\u0E1E\u0E37\u0E48\u0E2D \u0E40\u0E21\u0E37\u0E48\u0E2D \u0E40\u0E23\u0E32 \u0E40\u0E23\u0E34\u0E48\u0E21 \u0E40\u0E25\u0E22 \u0E40\u0E2B\u0E47\u0E19 \u0E40\u0E2D\u0E07 \u0E41\u0E15\u0E48 \u0E41\u0E1A\u0E1A \u0E41\u0E23\u0E01 \u0E41\u0E25\u0E30 \u0E41\u0E25\u0E49\u0E27 \u0E41\u0E2B\u0E48\u0E07 \u0E42\u0E14\u0E22 \u0E43\u0E19 \u0E43\u0E2B\u0E49 \u0E44\u0E14\u0E49 \u0E44\u0E1B \u0E44\u0E21\u0E48 \u0E44\u0E27\u0E49 \u0E49\u0E07 \u2014 \u2014\u2014 \u2018 \u2019 \u201C \u201D \u3001 \u3002 \u3008 \u3009 \u300A \u300B \u3042\u305D\u3053 \u3042\u3063 \u3042\u306E \u3042\u306E\u304B\u305F \u3042\u306E\u4EBA \u3042\u308A \u3042\u308A\u307E\u3059 \u3042\u308B \u3042\u308C \u3044 \u3044\u3046 \u3044\u307E\u3059 \u3044\u308B \u3046 \u3046\u3061 \u3048 \u304A \u304A\u3088\u3073 \u304A\u308A \u304A\u308A\u307E\u3059 \u304B \u304B\u3064\u3066 \u304B\u3089 \u304C \u304D \u3053\u3053 \u3053\u3061\u3089 \u3053\u3068 \u3053\u306E \u3053\u308C \u3053\u308C\u3089 \u3055 \u3055\u3089\u306B \u3057 \u3057\u304B\u3057 \u3059\u308B \u305A \u305B \u305B\u308B \u305D\u3053 \u305D\u3057\u3066 \u305D\u306E \u305D\u306E\u4ED6 \u305D\u306E\u5F8C \u305D\u308C \u305D\u308C\u305E\u308C \u305D\u308C\u3067 \u305F \u305F\u3060\u3057 \u305F\u3061 \u305F\u3081 \u305F\u308A \u3060 \u3060\u3063 \u3060\u308C \u3064 \u3066 \u3067 \u3067\u304D \u3067\u304D\u308B \u3067\u3059 \u3067\u306F \u3067\u3082 \u3068 \u3068\u3044\u3046 \u3068\u3044\u3063\u305F \u3068\u304D \u3068\u3053\u308D \u3068\u3057\u3066 \u3068\u3068\u3082\u306B \u3068\u3082 \u3068\u5171\u306B \u3069\u3053 \u3069\u306E \u306A \u306A\u3044 \u306A\u304A \u306A\u304B\u3063 \u306A\u304C\u3089 \u306A\u304F \u306A\u3063 \u306A\u3069 \u306A\u306B \u306A\u3089 \u306A\u308A \u306A\u308B \u306A\u3093 \u306B \u306B\u304A\u3044\u3066 \u306B\u304A\u3051\u308B \u306B\u3064\u3044\u3066 \u306B\u3066 \u306B\u3088\u3063\u3066 \u306B\u3088\u308A \u306B\u3088\u308B \u306B\u5BFE\u3057\u3066 \u306B\u5BFE\u3059\u308B \u306B\u95A2\u3059\u308B \u306E \u306E\u3067 \u306E\u307F \u306F \u3070 \u3078 \u307B\u304B \u307B\u3068\u3093\u3069 \u307B\u3069 \u307E\u3059 \u307E\u305F \u307E\u305F\u306F \u307E\u3067 \u3082 \u3082\u306E \u3082\u306E\u306E \u3084 \u3088\u3046 \u3088\u308A \u3089 \u3089\u308C \u3089\u308C\u308B \u308C \u308C\u308B \u3092 \u3093 \u4E00 \u4E00\u4E2A \u4E00\u4E9B \u4E00\u4F55 \u4E00\u5207 \u4E00\u5219 \u4E00\u65B9\u9762 \u4E00\u65E6 \u4E00\u6765 \u4E00\u6837 \u4E00\u79CD \u4E00\u822C \u4E00\u8F6C\u773C \u4E03 \u4E07\u4E00 \u4E09 \u4E0A \u4E0A\u4E0B \u4E0B \u4E0D \u4E0D\u4EC5 \u4E0D\u4F46 \u4E0D\u5149 \u4E0D\u5355 \u4E0D\u53EA \u4E0D\u5916\u4E4E \u4E0D\u5982 \u4E0D\u59A8 \u4E0D\u5C3D \u4E0D\u5C3D\u7136 \u4E0D\u5F97 \u4E0D\u6015 \u4E0D\u60DF \u4E0D\u6210 \u4E0D\u62D8 \u4E0D\u6599 \u4E0D\u662F \u4E0D\u6BD4 \u4E0D\u7136 \u4E0D\u7279 \u4E0D\u72EC \u4E0D\u7BA1 \u4E0D\u81F3\u4E8E \u4E0D\u82E5 \u4E0D\u8BBA \u4E0D\u8FC7 \u4E0D\u95EE \u4E0E \u4E0E\u5176 \u4E0E\u5176\u8BF4 \u4E0E\u5426 \u4E0E\u6B64\u540C\u65F6 \u4E14 \u4E14\u4E0D\u8BF4 \u4E14\u8BF4 \u4E24\u8005 \u4E2A \u4E2A\u522B \u4E2D \u4E34 \u4E3A \u4E3A\u4E86 \u4E3A\u4EC0\u4E48 \u4E3A\u4F55 \u4E3A\u6B62 \u4E3A\u6B64 \u4E3A\u7740 \u4E43 \u4E43\u81F3 \u4E43\u81F3\u4E8E \u4E48 \u4E4B \u4E4B\u4E00 \u4E4B\u6240\u4EE5 \u4E4B\u7C7B \u4E4C\u4E4E \u4E4E \u4E58 \u4E5D \u4E5F \u4E5F\u597D \u4E5F\u7F62 \u4E86 \u4E8C \u4E8C\u6765 \u4E8E \u4E8E\u662F \u4E8E\u662F\u4E4E \u4E91\u4E91 \u4E91\u5C14 \u4E94 \u4E9B \u4EA6 \u4EBA \u4EBA\u4EEC \u4EBA\u5BB6 \u4EC0 \u4EC0\u4E48 \u4EC0\u4E48\u6837 \u4ECA \u4ECB\u4E8E \u4ECD \u4ECD\u65E7 \u4ECE \u4ECE\u6B64 \u4ECE\u800C \u4ED6 \u4ED6\u4EBA \u4ED6\u4EEC \u4ED6\u4EEC\u4EEC \u4EE5 \u4EE5\u4E0A \u4EE5\u4E3A \u4EE5\u4FBF \u4EE5\u514D \u4EE5\u53CA \u4EE5\u6545 \u4EE5\u671F \u4EE5\u6765 \u4EE5\u81F3 \u4EE5\u81F3\u4E8E \u4EE5\u81F4 \u4EEC \u4EFB \u4EFB\u4F55 \u4EFB\u51ED \u4F1A \u4F3C\u7684 \u4F46 \u4F46\u51E1 \u4F46\u662F \u4F55 \u4F55\u4EE5 \u4F55\u51B5 \u4F55\u5904 \u4F55\u65F6 \u4F59\u5916 \u4F5C\u4E3A \u4F60 \u4F60\u4EEC \u4F7F \u4F7F\u5F97 \u4F8B\u5982 \u4F9D \u4F9D\u636E \u4F9D\u7167 \u4FBF\u4E8E \u4FFA \u4FFA\u4EEC \u5018 \u5018\u4F7F \u5018\u6216 \u5018\u7136 \u5018\u82E5 \u501F \u501F\u50A5\u7136 \u5047\u4F7F \u5047\u5982 \u5047\u82E5 \u505A \u50CF \u513F \u5148\u4E0D\u5148 \u5149 \u5149\u662F \u5168\u4F53 \u5168\u90E8 \u516B \u516D \u516E \u5171 \u5173\u4E8E \u5173\u4E8E\u5177\u4F53\u5730\u8BF4 \u5176 \u5176\u4E00 \u5176\u4E2D \u5176\u4E8C \u5176\u4ED6 \u5176\u4F59 \u5176\u5B83 \u5176\u6B21 \u5177\u4F53\u5730\u8BF4 \u5177\u4F53\u8BF4\u6765 \u517C\u4E4B \u5185 \u518D \u518D\u5176\u6B21 \u518D\u5219 \u518D\u6709 \u518D\u8005 \u518D\u8005\u8BF4 \u518D\u8BF4 \u5192 \u51B2 \u51B5\u4E14 \u51E0 \u51E0\u65F6 \u51E1 \u51E1\u662F \u51ED \u51ED\u501F \u51FA\u4E8E \u51FA\u6765 \u5206 \u5206\u522B \u5219 \u5219\u751A \u522B \u522B\u4EBA \u522B\u5904 \u522B\u662F \u522B\u7684 \u522B\u7BA1 \u522B\u8BF4 \u5230 \u524D\u540E \u524D\u6B64 \u524D\u8005 \u52A0\u4E4B \u52A0\u4EE5 \u533A \u5373 \u5373\u4EE4 \u5373\u4F7F \u5373\u4FBF \u5373\u5982 \u5373\u6216 \u5373\u82E5 \u5374 \u53BB \u53C8 \u53C8\u53CA \u53CA \u53CA\u3073 \u53CA\u5176 \u53CA\u81F3 \u53CD\u4E4B \u53CD\u800C \u53CD\u8FC7\u6765 \u53CD\u8FC7\u6765\u8BF4 \u53D7\u5230 \u53E6 \u53E6\u4E00\u65B9\u9762 \u53E6\u5916 \u53E6\u6089 \u53EA \u53EA\u5F53 \u53EA\u6015 \u53EA\u662F \u53EA\u6709 \u53EA\u6D88 \u53EA\u8981 \u53EA\u9650 \u53EB \u53EE\u549A \u53EF \u53EF\u4EE5 \u53EF\u662F \u53EF\u89C1 \u5404 \u5404\u4E2A \u5404\u4F4D \u5404\u79CD \u5404\u81EA \u540C \u540C\u65F6 \u540E \u540E\u8005 \u5411 \u5411\u4F7F \u5411\u7740 \u5413 \u5417 \u5426\u5219 \u5427 \u5427\u54D2 \u542B \u5431 \u5440 \u5443 \u5455 \u5457 \u545C \u545C\u547C \u5462 \u5475 \u5475\u5475 \u5478 \u547C\u54E7 \u548B \u548C \u549A \u54A6 \u54A7 \u54B1 \u54B1\u4EEC \u54B3 \u54C7 \u54C8 \u54C8\u54C8 \u54C9 \u54CE \u54CE\u5440 \u54CE\u54DF \u54D7 \u54DF \u54E6 \u54E9 \u54EA \u54EA\u4E2A \u54EA\u4E9B \u54EA\u513F \u54EA\u5929 \u54EA\u5E74 \u54EA\u6015 \u54EA\u6837 \u54EA\u8FB9 \u54EA\u91CC \u54FC \u54FC\u5537 \u5509 \u552F\u6709 \u554A \u5550 \u5565 \u5566 \u556A\u8FBE \u5577\u5F53 \u5582 \u558F \u5594\u5537 \u55BD \u55E1 \u55E1\u55E1 \u55EC \u55EF \u55F3 \u560E \u560E\u767B \u5618 \u561B \u563B \u563F \u563F\u563F \u56DB \u56E0 \u56E0\u4E3A \u56E0\u4E86 \u56E0\u6B64 \u56E0\u7740 \u56E0\u800C \u56FA\u7136 \u5728 \u5728\u4E0B \u5728\u4E8E \u5730 \u57FA\u4E8E \u5904\u5728 \u591A \u591A\u4E48 \u591A\u5C11 \u5927 \u5927\u5BB6 \u5979 \u5979\u4EEC \u597D \u5982 \u5982\u4E0A \u5982\u4E0A\u6240\u8FF0 \u5982\u4E0B \u5982\u4F55 \u5982\u5176 \u5982\u540C \u5982\u662F \u5982\u679C \u5982\u6B64 \u5982\u82E5 \u59CB\u800C \u5B70\u6599 \u5B70\u77E5 \u5B81 \u5B81\u53EF \u5B81\u613F \u5B81\u80AF \u5B83 \u5B83\u4EEC \u5BF9 \u5BF9\u4E8E \u5BF9\u5F85 \u5BF9\u65B9 \u5BF9\u6BD4 \u5C06 \u5C0F \u5C14 \u5C14\u540E \u5C14\u5C14 \u5C1A\u4E14 \u5C31 \u5C31\u662F \u5C31\u662F\u4E86 \u5C31\u662F\u8BF4 \u5C31\u7B97 \u5C31\u8981 \u5C3D \u5C3D\u7BA1 \u5C3D\u7BA1\u5982\u6B64 \u5C82\u4F46 \u5DF1 \u5DF2 \u5DF2\u77E3 \u5DF4 \u5DF4\u5DF4 \u5E74 \u5E76 \u5E76\u4E14 \u5EB6\u4E4E \u5EB6\u51E0 \u5F00\u5916 \u5F00\u59CB \u5F52 \u5F52\u9F50 \u5F53 \u5F53\u5730 \u5F53\u7136 \u5F53\u7740 \u5F7C \u5F7C\u5973 \u5F7C\u65F6 \u5F7C\u6B64 \u5F80 \u5F85 \u5F88 \u5F97 \u5F97\u4E86 \u600E \u600E\u4E48 \u600E\u4E48\u529E \u600E\u4E48\u6837 \u600E\u5948 \u600E\u6837 \u603B\u4E4B \u603B\u7684\u6765\u770B \u603B\u7684\u6765\u8BF4 \u603B\u7684\u8BF4\u6765 \u603B\u800C\u8A00\u4E4B \u6070\u6070\u76F8\u53CD \u60A8 \u60DF\u5176 \u6162\u8BF4 \u6211 \u6211\u3005 \u6211\u4EEC \u6216 \u6216\u5219 \u6216\u662F \u6216\u66F0 \u6216\u8005 \u622A\u81F3 \u6240 \u6240\u4EE5 \u6240\u5728 \u6240\u5E78 \u6240\u6709 \u624D \u624D\u80FD \u6253 \u6253\u4ECE \u628A \u6291\u6216 \u62FF \u6309 \u6309\u7167 \u6362\u53E5\u8BDD\u8BF4 \u6362\u8A00\u4E4B \u636E \u636E\u6B64 \u63A5\u7740 \u6545 \u6545\u6B64 \u6545\u800C \u65C1\u4EBA \u65E0 \u65E0\u5B81 \u65E0\u8BBA \u65E2 \u65E2\u5F80 \u65E2\u662F \u65E2\u7136 \u65E5 \u65F6 \u65F6\u5019 \u662F \u662F\u4EE5 \u662F\u7684 \u66F4 \u66FE \u66FF \u66FF\u4EE3 \u6700 \u6708 \u6709 \u6709\u4E9B \u6709\u5173 \u6709\u53CA \u6709\u65F6 \u6709\u7684 \u671B \u671D \u671D\u7740 \u672C \u672C\u4EBA \u672C\u5730 \u672C\u7740 \u672C\u8EAB \u6765 \u6765\u7740 \u6765\u81EA \u6765\u8BF4 \u6781\u4E86 \u679C\u7136 \u679C\u771F \u67D0 \u67D0\u4E2A \u67D0\u4E9B \u67D0\u67D0 \u6839\u636E \u6B24 \u6B63\u503C \u6B63\u5982 \u6B63\u5DE7 \u6B63\u662F \u6B64 \u6B64\u5730 \u6B64\u5904 \u6B64\u5916 \u6B64\u65F6 \u6B64\u6B21 \u6B64\u95F4 \u6BCB\u5B81 \u6BCF \u6BCF\u5F53 \u6BD4 \u6BD4\u53CA \u6BD4\u5982 \u6BD4\u65B9 \u6CA1\u5948\u4F55 \u6CBF \u6CBF\u7740 \u6F2B\u8BF4 \u70B9 \u7109 \u7136\u5219 \u7136\u540E \u7136\u800C \u7167 \u7167\u7740 \u7279\u306B \u72B9\u4E14 \u72B9\u81EA \u751A\u4E14 \u751A\u4E48 \u751A\u6216 \u751A\u800C \u751A\u81F3 \u751A\u81F3\u4E8E \u7528 \u7528\u6765 \u7531 \u7531\u4E8E \u7531\u662F \u7531\u6B64 \u7531\u6B64\u53EF\u89C1 \u7684 \u7684\u786E \u7684\u8BDD \u76F4\u5230 \u76F8\u5BF9\u800C\u8A00 \u7701\u5F97 \u770B \u7728\u773C \u7740 \u7740\u5462 \u77E3 \u77E3\u4E4E \u77E3\u54C9 \u79BB \u79C1 \u79C1\u9054 \u79D2 \u79F0 \u7ADF\u800C \u7B2C \u7B49 \u7B49\u5230 \u7B49\u7B49 \u7B80\u8A00\u4E4B \u7BA1 \u7C7B\u5982 \u7D27\u63A5\u7740 \u7EB5 \u7EB5\u4EE4 \u7EB5\u4F7F \u7EB5\u7136 \u7ECF \u7ECF\u8FC7 \u7ED3\u679C \u7ED9 \u7EE7\u4E4B \u7EE7\u540E \u7EE7\u800C \u7EFC\u4E0A\u6240\u8FF0 \u7F62\u4E86 \u8005 \u800C \u800C\u4E14 \u800C\u51B5 \u800C\u540E \u800C\u5916 \u800C\u5DF2 \u800C\u662F \u800C\u8A00 \u80FD \u80FD\u5426 \u817E \u81EA \u81EA\u4E2A\u513F \u81EA\u4ECE \u81EA\u5404\u513F \u81EA\u540E \u81EA\u5BB6 \u81EA\u5DF1 \u81EA\u6253 \u81EA\u8EAB \u81F3 \u81F3\u4E8E \u81F3\u4ECA \u81F3\u82E5 \u81F4 \u822C\u7684 \u82E5 \u82E5\u592B \u82E5\u662F \u82E5\u679C \u82E5\u975E \u83AB\u4E0D\u7136 \u83AB\u5982 \u83AB\u82E5 \u867D \u867D\u5219 \u867D\u7136 \u867D\u8BF4 \u88AB \u8981 \u8981\u4E0D \u8981\u4E0D\u662F \u8981\u4E0D\u7136 \u8981\u4E48 \u8981\u662F \u8B6C\u55BB \u8B6C\u5982 \u8BA9 \u8BB8\u591A \u8BBA \u8BBE\u4F7F \u8BBE\u6216 \u8BBE\u82E5 \u8BDA\u5982 \u8BDA\u7136 \u8BE5 \u8BF4 \u8BF4\u6765 \u8BF7 \u8BF8 \u8BF8\u4F4D \u8BF8\u5982 \u8C01 \u8C01\u4EBA \u8C01\u6599 \u8C01\u77E5 \u8CB4\u65B9 \u8CB4\u65B9\u65B9 \u8D3C\u6B7B \u8D56\u4EE5 \u8D76 \u8D77 \u8D77\u89C1 \u8D81 \u8D81\u7740 \u8D8A\u662F \u8DDD \u8DDF \u8F83 \u8F83\u4E4B \u8FB9 \u8FC7 \u8FD8 \u8FD8\u662F \u8FD8\u6709 \u8FD8\u8981 \u8FD9 \u8FD9\u4E00\u6765 \u8FD9\u4E2A \u8FD9\u4E48 \u8FD9\u4E48\u4E9B \u8FD9\u4E48\u6837 \u8FD9\u4E48\u70B9\u513F \u8FD9\u4E9B \u8FD9\u4F1A\u513F \u8FD9\u513F \u8FD9\u5C31\u662F\u8BF4 \u8FD9\u65F6 \u8FD9\u6837 \u8FD9\u6B21 \u8FD9\u822C \u8FD9\u8FB9 \u8FD9\u91CC \u8FDB\u800C \u8FDE \u8FDE\u540C \u9010\u6B65 \u901A\u8FC7 \u9075\u5FAA \u9075\u7167 \u90A3 \u90A3\u4E2A \u90A3\u4E48 \u90A3\u4E48\u4E9B \u90A3\u4E48\u6837 \u90A3\u4E9B \u90A3\u4F1A\u513F \u90A3\u513F \u90A3\u65F6 \u90A3\u6837 \u90A3\u822C \u90A3\u8FB9 \u90A3\u91CC \u90FD \u9119\u4EBA \u9274\u4E8E \u9488\u5BF9 \u963F \u9664 \u9664\u4E86 \u9664\u5916 \u9664\u5F00 \u9664\u6B64\u4E4B\u5916 \u9664\u975E \u968F \u968F\u540E \u968F\u65F6 \u968F\u7740 \u96BE\u9053\u8BF4 \u96F6 \u975E \u975E\u4F46 \u975E\u5F92 \u975E\u7279 \u975E\u72EC \u9760 \u987A \u987A\u7740 \u9996\u5148 \uAC00 \uAC00\uAE4C\uC2A4\uB85C \uAC00\uB839 \uAC01 \uAC01\uAC01 \uAC01\uC790 \uAC01\uC885 \uAC16\uACE0\uB9D0\uD558\uC790\uBA74 \uAC19\uB2E4 \uAC19\uC774 \uAC1C\uC758\uCE58\uC54A\uACE0 \uAC70\uB2C8\uC640 \uAC70\uBC14 \uAC70\uC758 \uAC83 \uAC83\uB4E4 \uAC8C\uB2E4\uAC00 \uAC8C\uC6B0\uB2E4 \uACA8\uC6B0 \uACAC\uC9C0\uC5D0\uC11C \uACB0\uAD6D \uACB8\uC0AC\uACB8\uC0AC \uACE0\uB824\uD558\uBA74 \uACE0\uB85C \uACE7 \uACF5\uB3D9\uC73C\uB85C \uACFC \uACFC\uC5F0 \uAD00\uACC4\uC5C6\uC774 \uAD00\uD558\uC5EC \uAD00\uD55C \uAD00\uD574\uC11C\uB294 \uAD6C \uAD6C\uCCB4\uC801\uC73C\uB85C \uAD6C\uD1A0\uD558\uB2E4 \uADF8 \uADF8\uB4E4 \uADF8\uB54C \uADF8\uB798 \uADF8\uB798\uB3C4 \uADF8\uB798\uC11C \uADF8\uB7EC\uB098 \uADF8\uB7EC\uB2C8 \uADF8\uB7EC\uB2C8\uAE4C \uADF8\uB7EC\uBA74 \uADF8\uB7EC\uBBC0\uB85C \uADF8\uB7EC\uD55C\uC989 \uADF8\uB7F0\uB370 \uADF8\uB7F0\uC989 \uADF8\uB7FC \uADF8\uB807\uC9C0 \uADF8\uB807\uC9C0\uB9CC \uADF8\uB807\uC9C0\uC54A\uC73C\uBA74 \uADF8\uB9AC\uACE0 \uADF8\uB9AC\uD558\uC5EC \uADF8\uB9CC\uC774\uB2E4 \uADF8\uC704\uC5D0 \uADF8\uC800 \uADF8\uC911\uC5D0\uC11C \uADFC\uAC70\uB85C \uADFC\uAC70\uD558\uC5EC \uAE30\uB300\uC5EC \uAE30\uC810\uC73C\uB85C \uAE30\uC900\uC73C\uB85C \uAE30\uD0C0 \uAE4C\uB2ED\uC73C\uB85C \uAE4C\uC545 \uAE4C\uC9C0 \uAE4C\uC9C0\uB3C4 \uAF48\uB2F9 \uB059\uB059 \uB07C\uC775 \uB098 \uB098\uBA38\uC9C0\uB294 \uB0A8\uB4E4 \uB0A8\uC9D3 \uB108 \uB108\uD76C \uB108\uD76C\uB4E4 \uB124 \uB137 \uB144 \uB180\uB77C\uB2E4 \uB204\uAD6C \uB2E4\uB978 \uB2E4\uB9CC \uB2E4\uC12F \uB2E4\uC18C \uB2E4\uC218 \uB2E4\uC2DC\uB9D0\uD558\uBA74 \uB2E4\uC74C \uB2E4\uC74C\uC5D0 \uB2E4\uC74C\uC73C\uB85C \uB2E8\uC9C0 \uB2F5\uB2E4 \uB2F9\uC2E0 \uB2F9\uC7A5 \uB300\uD558\uBA74 \uB300\uD558\uC5EC \uB300\uD574\uC11C \uB315\uADF8 \uB354\uAD6C\uB098 \uB354\uAD70\uB2E4\uB098 \uB354\uB77C\uB3C4 \uB354\uBD88\uC5B4 \uB354\uC6B1\uB354 \uB354\uC6B1\uC774\uB294 \uB3C4\uB2EC\uD558\uB2E4 \uB3C4\uCC29\uD558\uB2E4 \uB3D9\uC2DC\uC5D0 \uB3D9\uC548 \uB41C\uBC14\uC5D0\uC57C \uB41C\uC774\uC0C1 \uB450\uBC88\uC9F8\uB85C \uB458 \uB465\uB465 \uB4A4\uB530\uB77C \uB4A4\uC774\uC5B4 \uB4E0\uAC04\uC5D0 \uB4E4 \uB4F1 \uB4F1\uB4F1 \uB529\uB3D9 \uB530\uB77C \uB530\uB77C\uC11C \uB530\uC704 \uB531 \uB54C \uB54C\uBB38\uC5D0 \uB610 \uB610\uD55C \uB69D\uB69D \uB839 \uB85C \uB85C\uBD80\uD130 \uB85C\uC368 \uB959 \uB97C \uB9C8\uC74C\uB300\uB85C \uB9C8\uC800 \uB9C8\uC800\uB3C4 \uB9C8\uCE58 \uB9C9\uB860\uD558\uACE0 \uB9CC\uC57D \uB9CC\uC57D\uC5D0 \uB9CC\uC77C \uB9CC\uD07C \uB9D0\uD558\uC790\uBA74 \uB9E4 \uB9E4\uBC88 \uBA54\uC4F0\uAC81\uB2E4 \uBA87 \uBAA8 \uBAA8\uB450 \uBB34\uB835 \uBB34\uB98E\uC4F0\uACE0 \uBB34\uC2A8 \uBB34\uC5C7 \uBB34\uC5C7\uB54C\uBB38\uC5D0 \uBB3C\uB860 \uBC0F \uBC14\uAFB8\uC5B4\uB9D0\uD558\uBA74 \uBC14\uAFB8\uC5B4\uB9D0\uD558\uC790\uBA74 \uBC14\uB85C \uBC14\uC640\uAC19\uC774 \uBC18\uB300\uB85C \uBC18\uB4DC\uC2DC \uBC84\uAE08 \uBCF4\uB294\uB370\uC11C \uBCF4\uB2E4\uB354 \uBCF4\uB4DC\uB4DD \uBCF8\uB300\uB85C \uBD10 \uBD10\uB77C \uBD80\uD130 \uBD88\uAD6C\uD558\uACE0 \uBD88\uBB38\uD558\uACE0 \uBD95\uBD95 \uBE44\uAC71\uAC70\uB9AC\uB2E4 \uBE44\uAD50\uC801 \uBE44\uB85C\uC18C \uBE44\uB85D \uBE44\uC2B7\uD558\uB2E4 \uBE44\uD558\uBA74 \uBFD0\uB9CC\uC544\uB2C8\uB77C \uBFD0\uC774\uB2E4 \uC090\uAC71 \uC090\uAC71\uAC70\uB9AC\uB2E4 \uC0AC \uC0BC \uC0DD\uAC01\uD55C\uB300\uB85C \uC124\uB839 \uC124\uB9C8 \uC124\uC0AC \uC14B \uC18C\uC0DD \uC18C\uC778 \uC1A8 \uC27F \uC2B5\uB2C8\uAE4C \uC2B5\uB2C8\uB2E4 \uC2DC\uAC01 \uC2DC\uAC04 \uC2DC\uC791\uD558\uC5EC \uC2DC\uCD08\uC5D0 \uC2DC\uD0A4\uB2E4 \uC2E4\uB85C \uC2EC\uC9C0\uC5B4 \uC544 \uC544\uB2C8 \uC544\uB2C8\uB098\uB2E4\uB97C\uAC00 \uC544\uB2C8\uB77C\uBA74 \uC544\uB2C8\uBA74 \uC544\uB2C8\uC5C8\uB2E4\uBA74 \uC544\uB798\uC717 \uC544\uBB34\uAC70\uB098 \uC544\uBB34\uB3C4 \uC544\uC57C \uC544\uC6B8\uB7EC \uC544\uC774 \uC544\uC774\uACE0 \uC544\uC774\uAD6C \uC544\uC774\uC57C \uC544\uC774\uCFE0 \uC544\uD558 \uC544\uD649 \uC54C\uC558\uC5B4 \uC557 \uC55E\uC5D0\uC11C \uC55E\uC758\uAC83 \uC57C \uC57D\uAC04 \uC591\uC790 \uC5B4 \uC5B4\uAE30\uC5EC\uCC28 \uC5B4\uB290 \uC5B4\uB290\uAC83 \uC5B4\uB290\uACF3 \uC5B4\uB290\uB54C \uC5B4\uB290\uCABD \uC5B4\uB290\uD574 \uC5B4\uB514 \uC5B4\uB54C \uC5B4\uB5A0\uD55C \uC5B4\uB5A4 \uC5B4\uB5A4\uAC83 \uC5B4\uB5A4\uAC83\uB4E4 \uC5B4\uB5BB\uAC8C \uC5B4\uB5BB\uD574 \uC5B4\uC774 \uC5B4\uC9F8\uC11C \uC5B4\uCA0B\uB4E0 \uC5B4\uCC0C \uC5B4\uCC0C\uB40F\uB4E0 \uC5B4\uCC0C\uB40F\uC5B4 \uC5B4\uCC0C\uD558\uB4E0\uC9C0 \uC5B4\uCC0C\uD558\uC5EC \uC5B8\uC81C \uC5B8\uC820\uAC00 \uC5BC\uB9C8 \uC5BC\uB9C8\uAC04 \uC5BC\uB9C8\uB098 \uC5BC\uB9C8\uB4E0\uC9C0 \uC5BC\uB9C8\uB9CC\uD07C \uC5BC\uB9C8\uD07C \uC5C9\uC5C9 \uC5D0 \uC5D0\uAC8C \uC5D0\uC11C \uC5EC \uC5EC\uAE30 \uC5EC\uB35F \uC5EC\uB7EC\uBD84 \uC5EC\uBCF4\uC2DC\uC624 \uC5EC\uBD80 \uC5EC\uC12F \uC5EC\uC804\uD788 \uC5EC\uCC28 \uC5F0\uAD00\uB418\uB2E4 \uC5F0\uC774\uC11C \uC601 \uC601\uCC28 \uC606\uC0AC\uB78C \uC608 \uC608\uCEE8\uB300 \uC608\uD558\uBA74 \uC624 \uC624\uB85C\uC9C0 \uC624\uB974\uB2E4 \uC624\uC790\uB9C8\uC790 \uC624\uC9C1 \uC624\uD638 \uC624\uD788\uB824 \uC640 \uC640\uB974\uB974 \uC640\uC544 \uC65C \uC65C\uB0D0\uD558\uBA74 \uC678\uC5D0\uB3C4 \uC694\uB9CC\uD07C \uC694\uB9CC\uD55C\uAC78 \uC694\uCEE8\uB300 \uC6B0\uB974\uB974 \uC6B0\uB9AC \uC6B0\uB9AC\uB4E4 \uC6B0\uC120 \uC6B4\uC6B4 \uC6D4 \uC704\uD558\uC5EC \uC704\uD574\uC11C \uC719\uC719 \uC721 \uC73C\uB85C \uC73C\uB85C\uC11C \uC73C\uB85C\uC368 \uC744 \uC751 \uC751\uB2F9 \uC758 \uC758\uAC70\uD558\uC5EC \uC758\uC9C0\uD558\uC5EC \uC758\uD574 \uC758\uD574\uB418\uB2E4 \uC758\uD574\uC11C \uC774 \uC774\uAC83 \uC774\uACF3 \uC774\uB54C \uC774\uB77C\uBA74 \uC774\uB798 \uC774\uB7EC\uC774\uB7EC\uD558\uB2E4 \uC774\uB7EC\uD55C \uC774\uB7F0 \uC774\uB7F4\uC815\uB3C4\uB85C \uC774\uB807\uAC8C\uB418\uBA74 \uC774\uB807\uAC8C\uB9D0\uD558\uC790\uBA74 \uC774\uB807\uAD6C\uB098 \uC774\uB974\uAE30\uAE4C\uC9C0 \uC774\uB9AC\uD558\uC5EC \uC774\uB9CC\uD07C \uC774\uBC88 \uC774\uBD10 \uC774\uC0C1 \uC774\uC5B4\uC11C \uC774\uC5C8\uB2E4 \uC774\uC640\uAC19\uB2E4\uBA74 \uC774\uC678\uC5D0\uB3C4 \uC774\uC6A9\uD558\uC5EC \uC774\uC720\uB9CC\uC73C\uB85C \uC774\uC820 \uC774\uC9C0\uB9CC \uC774\uCABD \uC774\uCC9C\uAD6C \uC774\uCC9C\uC721 \uC774\uCC9C\uCE60 \uC774\uCC9C\uD314 \uC778\uC820 \uC77C \uC77C\uAC83\uC774\uB2E4 \uC77C\uACF1 \uC77C\uB2E8 \uC77C\uB54C \uC77C\uBC18\uC801\uC73C\uB85C \uC77C\uC9C0\uB77C\uB3C4 \uC785\uAC01\uD558\uC5EC \uC785\uC7A5\uC5D0\uC11C \uC787\uB530\uB77C \uC788\uB2E4 \uC790 \uC790\uAE30 \uC790\uAE30\uC9D1 \uC790\uB9C8\uC790 \uC790\uC2E0 \uC7A0\uAE50 \uC7A0\uC2DC \uC800 \uC800\uAC83 \uC800\uAC83\uB9CC\uD07C \uC800\uAE30 \uC800\uCABD \uC800\uD76C \uC804\uBD80 \uC804\uC790 \uC804\uD6C4 \uC81C \uC81C\uAC01\uAE30 \uC81C\uC678\uD558\uACE0 \uC870\uAE08 \uC870\uCC28 \uC870\uCC28\uB3C4 \uC878\uC878 \uC880 \uC88B\uC544 \uC88D\uC88D \uC8FC\uB8E9\uC8FC\uB8E9 \uC904\uC740\uBAA8\uB978\uB2E4 \uC911\uC5D0\uC11C \uC911\uC758\uD558\uB098 \uC988\uC74C\uD558\uC5EC \uC989 \uC989\uC2DC \uC9C0\uB4E0\uC9C0 \uC9C0\uB9CC \uC9C0\uB9D0\uACE0 \uC9C4\uC9DC\uB85C \uCABD\uC73C\uB85C \uCC28\uB77C\uB9AC \uCC38 \uCC38\uB098 \uCCAB\uBC88\uC9F8\uB85C \uCCC7 \uCD1D\uC801\uC73C\uB85C \uCE60 \uCF78\uCF78 \uCF85\uCF85 \uCFF5 \uD0C0\uB2E4 \uD0C0\uC778 \uD0D5\uD0D5 \uD1A0\uD558\uB2E4 \uD1B5\uD558\uC5EC \uD22D \uD264 \uD2C8\uD0C0 \uD30D \uD314 \uD37D \uD384\uB801 \uD558 \uD558\uAC8C\uB420\uAC83\uC774\uB2E4 \uD558\uAC8C\uD558\uB2E4 \uD558\uACA0\uB294\uAC00 \uD558\uACE0\uC788\uC5C8\uB2E4 \uD558\uACE4\uD558\uC600\uB2E4 \uD558\uAD6C\uB098 \uD558\uAE30\uB294\uD55C\uB370 \uD558\uAE30\uBCF4\uB2E4\uB294 \uD558\uAE30\uC5D0 \uD558\uB098 \uD558\uB290\uB2C8 \uD558\uB294\uAC83\uB3C4 \uD558\uB294\uBC14 \uD558\uB354\uB77C\uB3C4 \uD558\uB3C4\uB2E4 \uD558\uB3C4\uB85D\uC2DC\uD0A4\uB2E4 \uD558\uB3C4\uB85D\uD558\uB2E4 \uD558\uB4E0\uC9C0 \uD558\uB824\uACE0\uD558\uB2E4 \uD558\uB9C8\uD130\uBA74 \uD558\uBA74\uB41C\uB2E4 \uD558\uBA74\uC11C \uD558\uBB3C\uBA70 \uD558\uC5EC\uAE08 \uD558\uC5EC\uC57C \uD558\uC790\uB9C8\uC790 \uD558\uC9C0\uB9C8 \uD558\uC9C0\uB9C8\uB77C \uD558\uC9C0\uB9CC \uD558\uD558 \uD55C\uB2E4\uBA74 \uD55C\uB370 \uD55C\uB9C8\uB514 \uD55C\uC801\uC774\uC788\uB2E4 \uD55C\uCF20\uC73C\uB85C\uB294 \uD55C\uD56D\uBAA9 \uD560\uB54C \uD560\uB9CC\uD558\uB2E4 \uD560\uB9DD\uC815 \uD560\uBFD0 \uD560\uC218\uC788\uB2E4 \uD560\uC218\uC788\uC5B4 \uD560\uC904\uC54C\uB2E4 \uD560\uC9C0\uB77C\uB3C4 \uD560\uC9C0\uC5B8\uC815 \uD568\uAED8 \uD574\uB3C4\uB41C\uB2E4 \uD574\uB3C4\uC88B\uB2E4 \uD574\uBD10\uC694 \uD574\uC57C\uD55C\uB2E4 \uD574\uC694 \uD588\uC5B4\uC694 \uD5A5\uD558\uB2E4 \uD5A5\uD558\uC5EC \uD5A5\uD574\uC11C \uD5C8 \uD5C8\uAC71 \uD5C8\uD5C8 \uD5C9 \uD5C9\uD5C9 \uD5D0\uB5A1\uD5D0\uB5A1 \uD639\uC2DC \uD639\uC740 \uD63C\uC790 \uD6E8\uC52C \uD718\uC775 \uD734 \uD750\uD750 \uD765 \uD798\uC785\uC5B4";

// lib/rank/stop-words.ts
var ENGLISH_LIST = "a about above after again against all also am an and any are as at be because been before being below between both but by can could did different do does doing done down during each else etc few for from further get got had has have having he her here hers him his how i if in into is it its itself just let like may me might more most must my no nor not now of off on once only or other our ours out over own please same shall she should so some such than that the their theirs them then there these they this those through to too under until up upon us use used using very via want was we were what when where which while who whom why will don doesn didn isn aren wasn weren won wouldn shouldn couldn ll ve re with would yes yet you your yours";
var ENGLISH_STOP_WORDS = new Set(ENGLISH_LIST.split(" "));
var markers;
var lists = /* @__PURE__ */ new Map();
var segmented;
function latinList(lang) {
  let set = lists.get(lang);
  if (!set) lists.set(lang, set = new Set(LATIN_STOP_WORDS[lang].split(" ")));
  return set;
}
function latinLanguage(words) {
  markers ??= Object.entries(LATIN_MARKERS).map(([lang, list]) => [lang, new Set(list.split(" "))]);
  let english = 0;
  for (let i = 0; i < words.length; i++) if (ENGLISH_STOP_WORDS.has(words[i])) english++;
  let best;
  let bestCount = english;
  for (const [lang, set] of markers) {
    let count = 0;
    for (let i = 0; i < words.length; i++) if (set.has(words[i])) count++;
    if (count > bestCount) [best, bestCount] = [lang, count];
  }
  return best;
}
function stopTest(words) {
  const lang = latinLanguage(words);
  if (lang === void 0) return (w) => ENGLISH_STOP_WORDS.has(w);
  const list = latinList(lang);
  return (w) => ENGLISH_STOP_WORDS.has(w) || list.has(w);
}
function isSegmentedStopWord(word) {
  return (segmented ??= new Set(SEGMENTED_STOP_WORDS.split(" "))).has(word);
}

// lib/rank/tokenize.ts
var TOKENIZER_VERSION = 3;
var MAX_QUERY_CHARS = 32768;
var UNSPACED = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;
var run;
var RUN = () => run ??= /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+|[\p{L}\p{N}]+/gu;
function tokenize(text) {
  return tokenizeWith(text, !isAsciiText(text));
}
function unicodeRuns(text) {
  const pattern = RUN();
  const runs = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) runs.push(match[0]);
  return runs;
}
function tokenizeWith(text, unicode) {
  const out = [];
  const normal = unicode ? text.normalize("NFKC") : text;
  const lower = normal.toLowerCase();
  const spaced = lower === normal ? lower : normal.replace(/([a-z0-9])([A-Z](?:[a-z]|[A-Z]{2}))/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2").toLowerCase();
  const runs = unicode ? unicodeRuns(spaced) : lowerAsciiRuns(spaced, true);
  const isStop = stopTest(runs);
  for (let r = 0; r < runs.length; r++) {
    const run2 = runs[r];
    const date = dayTerm(runs, r);
    if (date !== void 0) out.push(date);
    if (unicode && UNSPACED.test(run2[0])) {
      unspacedTerms(run2, out);
      continue;
    }
    if (run2.length < 2 || isStop(run2)) continue;
    if (run2.length < 3 && isAsciiDigits(run2)) continue;
    let stemmed = STEMS.get(run2);
    if (stemmed === void 0) {
      stemmed = stem(run2);
      if (stemmed !== run2 && ENGLISH_STOP_WORDS.has(stemmed)) stemmed = run2.endsWith("s") ? run2.slice(0, -1) : run2;
      if (STEMS.size < 1e5) STEMS.set(run2, stemmed);
    }
    out.push(stemmed);
  }
  return out;
}
function unspacedTerms(run2, out) {
  const chars = Array.from(run2);
  if (chars.length === 1) {
    if (!isFunctionChar(run2)) out.push(run2);
    return;
  }
  for (let i = 0; i + 1 < chars.length; i++) {
    const a = chars[i];
    const b = chars[i + 1];
    if (isFunctionChar(a) && isFunctionChar(b)) continue;
    out.push(a + b);
  }
}
function isFunctionChar(c) {
  return c >= "\u3040" && c <= "\u309F" || isSegmentedStopWord(c);
}
var MONTHS = {
  jan: "jan",
  january: "jan",
  feb: "feb",
  february: "feb",
  mar: "mar",
  march: "mar",
  apr: "apr",
  april: "apr",
  may: "may",
  jun: "jun",
  june: "jun",
  jul: "jul",
  july: "jul",
  aug: "aug",
  august: "aug",
  sep: "sep",
  sept: "sep",
  september: "sep",
  oct: "oct",
  october: "oct",
  nov: "nov",
  november: "nov",
  dec: "dec",
  december: "dec"
};
var ISO_MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
function dayOf(run2) {
  if (run2 === void 0 || run2.length > 4) return void 0;
  const m = /^(\d{1,2})(?:st|nd|rd|th)?$/.exec(run2);
  const day = m ? Number(m[1]) : 0;
  return day >= 1 && day <= 31 ? day : void 0;
}
function dayTerm(runs, r) {
  const run2 = runs[r];
  const month = MONTHS[run2];
  if (month !== void 0) {
    const day = dayOf(runs[r + 1]) ?? dayOf(runs[r - 1]);
    return day === void 0 ? void 0 : month + day;
  }
  if (run2.length === 4 && isAsciiDigits(run2) && runs[r + 1]?.length === 2 && isAsciiDigits(runs[r + 1])) {
    const mon = ISO_MONTHS[Number(runs[r + 1]) - 1];
    const day = dayOf(runs[r + 2]);
    if (mon !== void 0 && day !== void 0 && runs[r + 2].length === 2) return mon + day;
  }
  return void 0;
}
var STEMS = /* @__PURE__ */ new Map();
function queryTerms(prompt) {
  const text = prompt.length > MAX_QUERY_CHARS ? prompt.slice(0, MAX_QUERY_CHARS) : prompt;
  const terms = /* @__PURE__ */ new Map();
  for (const t of tokenize(text)) terms.set(t, Math.min(3, (terms.get(t) ?? 0) + 1));
  if (terms.size === 0) return terms;
  const words = lowerAsciiRuns(text.toLowerCase(), false);
  for (let i = 0; i + 1 < words.length; i++) {
    const joined = words[i] + words[i + 1];
    if (joined.length < 5 || words[i].length < 2 || words[i + 1].length < 2) continue;
    const term = stem(joined);
    if (!terms.has(term)) terms.set(term, 1);
  }
  return terms;
}

export {
  TOKENIZER_VERSION,
  tokenize,
  queryTerms
};
