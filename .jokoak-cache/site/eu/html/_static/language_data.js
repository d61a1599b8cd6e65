/*
 * This script contains the language-specific data used by searchtools.js,
 * namely the set of stopwords, stemmer, scorer and splitter.
 */

const stopwords = new Set(["al", "ala", "alde", "arte", "bada", "badira", "bai", "baina", "bat", "batean", "batek", "baten", "bera", "beste", "bezala", "bi", "bien", "bitartean", "da", "dago", "daude", "den", "dena", "dira", "direla", "du", "dute", "edo", "egin", "ere", "eta", "etab", "ez", "ezin", "gabe", "hala", "hau", "hori", "horiek", "horren", "hura", "ia", "izan", "izango", "ondoren", "oso", "zein", "zer"]);
window.stopwords = stopwords;  // Export to global scope


/* Non-minified versions are copied as separate JavaScript files, if available */

/**
 * Dummy stemmer for languages without stemming rules.
 */
var Stemmer = function () {
  this.stemWord = function (w) {
    return w;
  };
};

