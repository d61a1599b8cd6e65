# Sphinx configuration of the es site, written by the build. Do not edit: edit
# templates/site/conf.py.jinja instead.
project = "jokoak"
author = "jokoak"
copyright = "jokoak"
language = "es"
extensions = ["jokoak.sphinx_ext"]
templates_path = ["/work/main/templates/site/_templates"]
html_theme = "alabaster"
html_static_path = ["_static"]
html_title = "jokoak"
html_search_language = "es"
html_last_updated_fmt = None
html_copy_source = False
html_show_sourcelink = False
html_permalinks = True
jokoak_switch = [{"label": "Euskaraz", "lang": "eu", "pages": ["index", "genindex", "search", "euskadi/index", "euskadi/ruleta-francesa", "euskadi/ruleta-francesa-official"]}]
html_theme_options = {"show_powered_by": False, "page_width": "1040px", "sidebar_width": "230px"}
html_sidebars = {"**": ["about.html", "language.html", "navigation.html", "searchbox.html"]}
smartquotes = False
